import { describe, expect, it } from "vitest";
import { withdrawalDeskActions } from "./withdrawal-desk";

const owner = { userId: "member-id" };
const support = { id: "s-id", username: "sam", role: "support" };
const admin = { id: "a-id", username: "ada", role: "admin" };

describe("withdrawalDeskActions", () => {
  it("offers a waiting withdrawal to take or fail, to any staff member", () => {
    const w = { status: "SENT" as const, processedBy: null };
    expect(withdrawalDeskActions(w, owner, support)).toEqual(["take", "fail"]);
    expect(withdrawalDeskActions(w, owner, admin)).toEqual(["take", "fail"]);
  });

  it("lets the one who took it hand it back, complete or fail it; a colleague only hands it back as admin", () => {
    const w = { status: "SENT" as const, processedBy: "sam" };
    expect(withdrawalDeskActions(w, owner, support)).toEqual(["release", "complete", "fail"]);
    expect(withdrawalDeskActions(w, owner, admin)).toEqual(["release"]);
    expect(withdrawalDeskActions(w, owner, { ...support, id: "s2", username: "sue" })).toEqual([]);
  });

  it("above the four-eyes threshold offers its processor the approval first, recording only once approved", () => {
    const w = { status: "SENT" as const, processedBy: "sam", needsSecondApproval: true };
    expect(withdrawalDeskActions(w, owner, support)).toEqual([
      "release",
      "requestApproval",
      "fail",
    ]);
    expect(withdrawalDeskActions({ ...w, approved: true }, owner, support)).toEqual([
      "release",
      "complete",
      "fail",
    ]);
  });

  it("offers the second approval only to an admin who did not process it", () => {
    const w = { status: "AWAITING_APPROVAL" as const, processedBy: "sam" };
    expect(withdrawalDeskActions(w, owner, support)).toEqual(["fail"]);
    expect(withdrawalDeskActions(w, owner, admin)).toEqual(["approve", "fail"]);
    expect(withdrawalDeskActions({ ...w, processedBy: "ada" }, owner, admin)).toEqual(["fail"]);
    expect(withdrawalDeskActions(w, owner, { ...support, id: "s2", username: "sue" })).toEqual([]);
  });

  it("offers nothing on a settled withdrawal or on the viewer's own", () => {
    for (const status of ["COMPLETED", "FAILED"] as const) {
      expect(withdrawalDeskActions({ status, processedBy: "sam" }, owner, admin)).toEqual([]);
    }
    const own = { userId: admin.id };
    expect(withdrawalDeskActions({ status: "SENT", processedBy: null }, own, admin)).toEqual([]);
  });
});
