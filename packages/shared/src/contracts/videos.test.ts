import { describe, expect, it } from "vitest";
import { parseYoutubeId } from "./videos";

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
