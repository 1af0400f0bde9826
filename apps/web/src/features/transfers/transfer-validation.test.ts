import { describe, expect, it } from "vitest";
import { canPreviewRecipient } from "./transfer-validation";

describe("canPreviewRecipient", () => {
  it("waits for a whole username or id", () => {
    expect(canPreviewRecipient("@al")).toBe(false);
    expect(canPreviewRecipient(" ali ")).toBe(true);
  });
});
