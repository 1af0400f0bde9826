import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: "GET", url });

describe("GET /api/documents/:file", () => {
  it("sends a policy as a PDF download named after it and its language", async () => {
    const res = await get("/api/documents/terms-of-use.pdf?lang=pt-BR");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(
      'attachment; filename="viewvault-terms-of-use-pt-BR.pdf"',
    );
    expect(res.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });

  it("bundles every document in official.pdf, in English by default", async () => {
    const one = await get("/api/documents/whitepaper.pdf");
    const all = await get("/api/documents/official.pdf");
    expect(all.statusCode).toBe(200);
    expect(all.headers["content-disposition"]).toBe(
      'attachment; filename="viewvault-official-documents-en.pdf"',
    );
    expect(all.rawPayload.length).toBeGreaterThan(one.rawPayload.length);
  });

  it("refuses a file it does not offer and a language it does not speak", async () => {
    expect((await get("/api/documents/secrets.pdf")).statusCode).toBe(400);
    expect((await get("/api/documents/whitepaper")).statusCode).toBe(400);
    expect((await get("/api/documents/whitepaper.pdf?lang=fr")).statusCode).toBe(400);
  });
});
