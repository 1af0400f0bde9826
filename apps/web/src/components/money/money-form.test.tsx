import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { problemMessage } from "@viewvault/shared";
import { useTranslation } from "react-i18next";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { Input } from "@/components/ui/input";
import { ApiError } from "@/lib/api-client";
import i18n, { i18nReady } from "@/lib/i18n";
import { MoneyField } from "./money-field";
import { MoneyForm, useMoneyForm } from "./money-form";

const toastError = vi.hoisted(() => vi.fn());
const toastDismiss = vi.hoisted(() => vi.fn());
vi.mock("sonner", () => ({
  toast: { error: toastError, success: vi.fn(), dismiss: toastDismiss },
}));
/** One toast per form: each failure names the form's toast id. */
const ONE_TOAST = { id: expect.any(String) };

type Values = { recipient: string; amount: string };

/** A contract like the shared ones: the first failed check on its field, as a locale key. */
function contract(context: { max: number }) {
  return z.object({ recipient: z.string(), amount: z.string() }).superRefine((value, ctx) => {
    if (!/^\d+$/.test(value.amount)) {
      ctx.addIssue({
        code: "custom",
        path: ["amount"],
        message: problemMessage({ code: "INVALID_AMOUNT" }),
      });
    } else if (Number(value.amount) > context.max) {
      ctx.addIssue({
        code: "custom",
        path: ["amount"],
        message: problemMessage({ code: "INSUFFICIENT_BALANCE" }),
      });
    }
    if (value.recipient === "") {
      ctx.addIssue({
        code: "custom",
        path: ["recipient"],
        message: problemMessage({ code: "RECIPIENT_NOT_FOUND" }),
      });
    }
  });
}

function TestForm({
  send,
  disabled,
}: {
  send: (values: Values) => Promise<void>;
  disabled?: boolean;
}) {
  const { t } = useTranslation("common");
  const { form, fieldError, formError, onInvalid, fail } = useMoneyForm({
    t,
    contract,
    context: { max: 100 },
    defaultValues: { recipient: "", amount: "" },
    fields: ["amount", "recipient"],
  });
  const amountError = fieldError("amount");
  return (
    <MoneyForm
      form={form}
      onValid={(values) => send(values).catch((error) => fail(error, { fallback: "Failed" }))}
      onInvalid={onInvalid}
      formError={formError}
      label="Send"
      disabled={disabled}
      card={{ icon: null, title: "Send", description: "Send views" }}
      preview={<output data-testid="preview">preview</output>}
      submit={{ icon: null, label: "Review" }}
    >
      <MoneyField id="amount" label="Amount" error={amountError}>
        <Input
          id="amount"
          aria-invalid={amountError ? true : undefined}
          aria-describedby="amount-error"
          {...form.register("amount")}
        />
      </MoneyField>
      <MoneyField id="recipient" label="Recipient" error={fieldError("recipient")}>
        <Input id="recipient" {...form.register("recipient")} />
      </MoneyField>
    </MoneyForm>
  );
}

beforeAll(async () => {
  await i18nReady;
  await i18n.changeLanguage("en");
  await i18n.loadNamespaces(["common", "errors"]);
});
beforeEach(() => {
  toastError.mockReset();
  toastDismiss.mockReset();
});

describe("MoneyForm", () => {
  it("shows each field's check from the contract and toasts the first in field order", async () => {
    const send = vi.fn(async () => undefined);
    render(<TestForm send={send} />);
    expect(screen.getByRole("form", { name: "Send" })).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Amount"), { target: { value: "abc" } });
    fireEvent.click(screen.getByRole("button", { name: "Review" }));
    await waitFor(() =>
      expect(screen.getByText("Please enter a valid amount").id).toBe("amount-error"),
    );
    expect(screen.getByText("Recipient not found").id).toBe("recipient-error");
    expect(screen.getByLabelText("Amount").getAttribute("aria-invalid")).toBe("true");
    expect(toastError).toHaveBeenCalledExactlyOnceWith("Please enter a valid amount", ONE_TOAST);
    expect(send).not.toHaveBeenCalled();
  });

  it("puts the server's refusal on its field, and a failure on the form", async () => {
    const send = vi
      .fn<(values: Values) => Promise<void>>()
      .mockRejectedValueOnce(
        new ApiError("INSUFFICIENT_BALANCE", "no", 409, undefined, undefined, "amount"),
      )
      .mockRejectedValueOnce(new ApiError("INTERNAL", "boom", 500));
    render(<TestForm send={send} />);
    fireEvent.change(screen.getByLabelText("Amount"), { target: { value: "50" } });
    fireEvent.change(screen.getByLabelText("Recipient"), { target: { value: "ana" } });
    fireEvent.click(screen.getByRole("button", { name: "Review" }));
    await waitFor(() => expect(screen.getByText("Insufficient balance").id).toBe("amount-error"));
    expect(send).toHaveBeenCalledWith({ recipient: "ana", amount: "50" });
    expect(toastError).toHaveBeenLastCalledWith("Insufficient balance", ONE_TOAST);

    fireEvent.click(screen.getByRole("button", { name: "Review" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toContain("Failed"));
    expect(toastError).toHaveBeenLastCalledWith("Failed", ONE_TOAST);
  });

  it("dismisses the failure's toast when the attempt it answered is valid", async () => {
    const send = vi.fn(async () => undefined);
    render(<TestForm send={send} />);
    fireEvent.change(screen.getByLabelText("Amount"), { target: { value: "abc" } });
    fireEvent.click(screen.getByRole("button", { name: "Review" }));
    await waitFor(() => expect(toastError).toHaveBeenCalledTimes(1));
    const id = toastError.mock.calls[0]?.[1]?.id;
    fireEvent.change(screen.getByLabelText("Amount"), { target: { value: "50" } });
    fireEvent.change(screen.getByLabelText("Recipient"), { target: { value: "ana" } });
    fireEvent.click(screen.getByRole("button", { name: "Review" }));
    await waitFor(() => expect(send).toHaveBeenCalled());
    expect(toastDismiss).toHaveBeenCalledWith(id);
  });

  it("closes every field and the button when disabled", () => {
    render(<TestForm send={vi.fn()} disabled />);
    expect(screen.getByLabelText("Amount").matches(":disabled")).toBe(true);
    expect(screen.getByRole("button", { name: "Review" }).matches(":disabled")).toBe(true);
    expect(screen.getByTestId("preview")).toBeTruthy();
  });
});
