import { act, fireEvent, render, screen } from "@testing-library/react";
import { ZFailWithdrawalRequest } from "@viewvault/shared";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api-client";
import i18n, { i18nReady } from "@/lib/i18n";
import { TestProviders } from "@/test/providers";
import { type ReportError, TextDialog } from "./text-dialog";

function renderDialog(onConfirm: (text: string, report: ReportError) => void) {
  const onClose = vi.fn();
  render(
    <TestProviders>
      <TextDialog
        title="Fail this withdrawal"
        description="The member gets the full amount back."
        label="Reason"
        hint="Shown to the member."
        field="reason"
        schema={ZFailWithdrawalRequest.shape.reason}
        maxLength={20}
        confirmLabel="Fail withdrawal"
        destructive
        pending={false}
        failedText="The update failed."
        onConfirm={onConfirm}
        onClose={onClose}
      />
    </TestProviders>,
  );
  return { onClose, reason: screen.getByRole("textbox", { name: "Reason" }) };
}

const submit = () =>
  act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "Fail withdrawal" }));
  });

describe("TextDialog", () => {
  beforeAll(async () => {
    await i18nReady;
    await i18n.changeLanguage("en");
  });

  it("checks the text with the request's schema before confirming, trimmed", async () => {
    const onConfirm = vi.fn();
    const { reason } = renderDialog(onConfirm);
    expect(reason.getAttribute("maxlength")).toBe("20");
    expect(reason.getAttribute("aria-describedby")).toMatch(/-hint .*-error$/);
    await submit();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(reason.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Please give the reason")).toBeTruthy();

    fireEvent.change(reason, { target: { value: "  wrong network  " } });
    await submit();
    expect(onConfirm).toHaveBeenCalledWith("wrong network", expect.any(Function));
  });

  it("shows the server's refusal of its field on the field, anything else on the form", async () => {
    let report: ReportError = () => {};
    const { reason } = renderDialog((_, r) => {
      report = r;
    });
    fireEvent.change(reason, { target: { value: "duplicate" } });
    await submit();

    await act(async () => {
      report(new ApiError("VALIDATION_FAILED", "too long", 400, undefined, undefined, "reason"));
    });
    expect(reason.getAttribute("aria-invalid")).toBe("true");

    await act(async () => {
      report(new ApiError("INTERNAL", "boom", 500));
    });
    expect(screen.getByRole("alert").textContent).toContain("The update failed.");
  });
});
