import { describe, expect, it } from "vitest";
import { ADD_VIDEO_CHECKS, addVideoProblem, parseYoutubeId } from "./videos";

describe("parseYoutubeId", () => {
  it("accepts watch?v=, youtu.be, shorts, embed and live URLs", () => {
    for (const url of [
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      "http://youtube.com/watch?feature=share&v=dQw4w9WgXcQ",
      "m.youtube.com/watch?v=dQw4w9WgXcQ&t=10",
      "https://youtu.be/dQw4w9WgXcQ?si=x",
      "youtu.be/dQw4w9WgXcQ",
      "https://www.youtube.com/shorts/dQw4w9WgXcQ",
      "https://www.youtube.com/embed/dQw4w9WgXcQ?start=3",
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
      "https://www.youtube.com/live/dQw4w9WgXcQ",
    ]) {
      expect(parseYoutubeId(url), url).toBe("dQw4w9WgXcQ");
    }
  });

  it("refuses other hosts, bad ids and other schemes", () => {
    for (const url of [
      "",
      "hello",
      "https://vimeo.com/123",
      "https://www.youtube.com/watch?v=short",
      "https://evil.com/watch?v=dQw4w9WgXcQ",
      "https://youtube.com.evil.com/watch?v=dQw4w9WgXcQ",
      "javascript:alert(1)",
      "https://www.youtube.com/channel/UC123",
    ]) {
      expect(parseYoutubeId(url), url).toBeNull();
    }
  });
});

describe("addVideoProblem", () => {
  const ok = { url: "https://youtu.be/dQw4w9WgXcQ", country: "BR", theme: "Music" };
  const context = { title: "A title", balance: 5n };

  it("runs the seeds' six checks in the seeds' order", () => {
    expect(ADD_VIDEO_CHECKS).toEqual([
      "urlRequired",
      "urlInvalid",
      "titleMissing",
      "countryRequired",
      "themeRequired",
      "insufficientViews",
    ]);
    const none = { url: "", country: "", theme: "" };
    expect(addVideoProblem(none, { title: null, balance: 0n })).toBe("urlRequired");
    expect(addVideoProblem({ ...none, url: "x" }, { title: null, balance: 0n })).toBe("urlInvalid");
    expect(addVideoProblem({ ...none, url: ok.url }, { title: null, balance: 0n })).toBe(
      "titleMissing",
    );
    expect(addVideoProblem({ ...none, url: ok.url }, { title: "t", balance: 0n })).toBe(
      "countryRequired",
    );
    expect(addVideoProblem({ ...ok, theme: "" }, { title: "t", balance: 0n })).toBe(
      "themeRequired",
    );
    expect(addVideoProblem(ok, { title: "t", balance: 0n })).toBe("insufficientViews");
    expect(addVideoProblem(ok, context)).toBeNull();
  });
});
