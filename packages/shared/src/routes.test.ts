import { describe, expect, it } from "vitest";
import { classifyAppPath, inlineKey, parseHandle, profileHandle } from "./routes";

describe("parseHandle", () => {
  it("takes the username with or without @", () => {
    expect(parseHandle("@alice")).toBe("alice");
    expect(parseHandle("alice.b_2")).toBe("alice.b_2");
  });

  it("rejects what cannot be a username", () => {
    for (const value of ["", "@", "ab", "a".repeat(21), "terms-of-use", "@@alice", "al ice"]) {
      expect(parseHandle(value)).toBeNull();
    }
  });
});

describe("profileHandle", () => {
  it("looks up any @name, and a bare name only when it can be a username", () => {
    expect(profileHandle("@alice")).toEqual({ username: "alice", possible: true });
    expect(profileHandle("alice")).toEqual({ username: "alice", possible: true });
    expect(profileHandle("@some-name")).toEqual({ username: "some-name", possible: false });
    expect(profileHandle("some-name")).toBeNull();
    expect(profileHandle("@")).toBeNull();
    expect(profileHandle("")).toBeNull();
    expect(profileHandle(undefined)).toBeNull();
  });
});

describe("classifyAppPath", () => {
  it("knows the web app's pages, with or without a trailing slash", () => {
    for (const path of [
      "/",
      "/feed",
      "/feed/",
      "/auth/reset-password",
      "/watch/0b6c3a52-7f7e-4a55-9f6a-1c2d3e4f5a6b",
      "/terms-of-use",
      "/terms",
      "/dev/mailbox",
    ]) {
      expect(classifyAppPath(path), path).toEqual({ kind: "page" });
    }
  });

  it("reads a profile path as a username", () => {
    const alice = { kind: "profile", username: "alice", possible: true };
    expect(classifyAppPath("/@alice")).toEqual(alice);
    expect(classifyAppPath("/%40alice")).toEqual(alice);
    expect(classifyAppPath("/@alice/")).toEqual(alice);
    expect(classifyAppPath("/bruno")).toEqual({
      kind: "profile",
      username: "bruno",
      possible: true,
    });
  });

  it("reads any /@name as a profile lookup, even one no username can match", () => {
    for (const name of ["some-name-with-hyphens", "a".repeat(21), "ab", "al ice", "@alice", "ã"]) {
      expect(classifyAppPath(`/@${encodeURIComponent(name)}`), name).toEqual({
        kind: "profile",
        username: name,
        possible: false,
      });
    }
    expect(classifyAppPath("/@some-name-with-hyphens")).toEqual({
      kind: "profile",
      username: "some-name-with-hyphens",
      possible: false,
    });
  });

  it("finds nothing elsewhere", () => {
    for (const path of ["/no/such/page", "/watch/a/b", "/feed/x", "/a-b", "/%E0%A4%A", "/@"]) {
      expect(classifyAppPath(path), path).toEqual({ kind: "none" });
    }
  });
});

describe("inlineKey", () => {
  it("is the path, with the query parameters in name order", () => {
    expect(inlineKey("/api/videos?theme=ALL&sort=newest&country=BR")).toBe(
      "/api/videos?country=BR&sort=newest&theme=ALL",
    );
    expect(inlineKey("/api/videos?country=BR&sort=newest&theme=ALL")).toBe(
      inlineKey("/api/videos?sort=newest&theme=ALL&country=BR"),
    );
  });

  it("is the path alone without a query, and encodes values one way", () => {
    expect(inlineKey("/api/balances")).toBe("/api/balances");
    expect(inlineKey("/api/balances?")).toBe("/api/balances");
    expect(inlineKey("/api/videos?q=a b")).toBe(inlineKey("/api/videos?q=a+b"));
  });
});
