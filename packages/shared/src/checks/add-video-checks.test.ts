import { describe, expect, it } from "vitest";
import { addVideoProblem } from "./add-video-checks";

describe("addVideoProblem", () => {
  const ok = { url: "https://youtu.be/dQw4w9WgXcQ", country: "BR", theme: "Music" };
  const context = { title: "A title", balance: 5n };
  const code = (p: ReturnType<typeof addVideoProblem>) => p?.code ?? null;

  it("runs the seeds' six checks in the seeds' order", () => {
    const none = { url: "", country: "", theme: "" };
    expect(code(addVideoProblem(none, { title: null, balance: 0n }))).toBe("VIDEO_URL_REQUIRED");
    expect(code(addVideoProblem({ ...none, url: "x" }, { title: null, balance: 0n }))).toBe(
      "INVALID_VIDEO_URL",
    );
    expect(code(addVideoProblem({ ...none, url: ok.url }, { title: null, balance: 0n }))).toBe(
      "VIDEO_TITLE_UNAVAILABLE",
    );
    expect(code(addVideoProblem({ ...none, url: ok.url }, { title: "t", balance: 0n }))).toBe(
      "COUNTRY_REQUIRED",
    );
    expect(code(addVideoProblem({ ...ok, theme: "" }, { title: "t", balance: 0n }))).toBe(
      "THEME_REQUIRED",
    );
    expect(addVideoProblem(ok, { title: "t", balance: 0n })).toEqual({
      code: "INSUFFICIENT_BALANCE",
      field: "url",
      params: { context: "video", cost: "1" },
    });
    expect(addVideoProblem(ok, context)).toBeNull();
  });

  it("leaves the balance to the ledger when it is not known", () => {
    expect(addVideoProblem(ok, { title: "t", balance: null })).toBeNull();
  });
});
