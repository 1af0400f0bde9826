import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../test/app";
import { AppError } from "../lib/app-error";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    beforeReady(app) {
      app.post(
        "/api/test/echo",
        {
          schema: {
            body: z.object({ name: z.string().min(2), amount: z.number().int().positive() }),
          },
        },
        async (request) => request.body,
      );
      app.get("/api/test/boom", async () => {
        throw new Error("secret database password leaked in stack");
      });
      app.get("/api/test/conflict", async () => {
        throw new AppError("CONFLICT", { context: "watchRaced" });
      });
    },
  });
});
afterAll(() => t.close());

describe("errors and unknown paths", () => {
  it("lists invalid fields on 400 and changes nothing", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/test/echo",
      headers: { origin: TEST_ORIGIN },
      payload: { name: "x", amount: -1 },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe("VALIDATION_FAILED");
    expect(body.fields.map((f: { path: string }) => f.path).sort()).toEqual([
      "body.amount",
      "body.name",
    ]);
  });

  it("maps AppError codes to statuses and never leaks internals on 5xx", async () => {
    const conflict = await t.app.inject({ method: "GET", url: "/api/test/conflict" });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({
      code: "CONFLICT",
      message: "Another watch session was started at the same time. Please try again.",
      params: { context: "watchRaced" },
    });
    const inPortuguese = await t.app.inject({
      method: "GET",
      url: "/api/test/conflict",
      headers: { "accept-language": "pt-BR,pt;q=0.9" },
    });
    expect(inPortuguese.json().message).toBe(
      "Outra sessão de exibição foi iniciada ao mesmo tempo. Tente novamente.",
    );
    const boom = await t.app.inject({ method: "GET", url: "/api/test/boom" });
    expect(boom.statusCode).toBe(500);
    expect(boom.json().code).toBe("INTERNAL");
    expect(boom.body).not.toContain("secret");
  });

  it("answers unknown /api paths with a JSON 404", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/nope" });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe("NOT_FOUND");
  });
});
