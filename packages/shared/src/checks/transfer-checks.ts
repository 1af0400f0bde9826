import { TRANSFER } from "../constants";
import type { TransferType } from "../contracts/money";
import type { Problem } from "../errors";
import { parseUsdt, parseViews, wholeUsdt } from "../money";

/** "@Alice " → "Alice": the recipient as the server reads it. */
export function normaliseRecipient(value: string): string {
  return value.trim().replace(/^@/, "");
}

/** Parsed minor units of a typed transfer amount (views or micro-USDT), or null. */
export function parseTransferAmount(type: TransferType, amount: string): bigint | null {
  return type === "VIEWS" ? parseViews(amount) : parseUsdt(amount);
}

/** The message context of a transfer refusal that differs per currency. */
function currencyContext(type: TransferType): string {
  return type === "VIEWS" ? "transferViews" : "transferUsdt";
}

/**
 * The seeds' transfer checks, in the seeds' order: amount required and numeric, the minimum,
 * over the balance, recipient required, not yourself. The web form runs them with the balances
 * it shows; the server runs the same function with `balances: null` (the ledger refuses an
 * overdraft atomically, with the same problem) and then asks whether the recipient exists.
 */
export function transferProblem(
  input: { transferType: TransferType; amount: string; recipient: string },
  context: {
    balances: { views: bigint; usdt: bigint } | null;
    me: { id: string; username: string };
  },
): Problem | null {
  const views = input.transferType === "VIEWS";
  const amount = parseTransferAmount(input.transferType, input.amount);
  if (amount === null || amount <= 0n) return { code: "INVALID_AMOUNT", field: "amount" };
  const minimum = views ? TRANSFER.minViews : TRANSFER.minMicroUsdt;
  if (amount < minimum) {
    return {
      code: "BELOW_MINIMUM",
      field: "amount",
      params: {
        context: currencyContext(input.transferType),
        min: views ? minimum.toString() : wholeUsdt(minimum),
      },
    };
  }
  const balance = context.balances
    ? views
      ? context.balances.views
      : context.balances.usdt
    : null;
  if (balance !== null && amount > balance) return insufficientTransfer(input.transferType);
  const recipient = normaliseRecipient(input.recipient);
  if (!recipient) return { code: "RECIPIENT_REQUIRED", field: "recipient" };
  if (
    recipient.toLowerCase() === context.me.username.toLowerCase() ||
    recipient.toLowerCase() === context.me.id.toLowerCase()
  ) {
    return { code: "SELF_TRANSFER", field: "recipient" };
  }
  return null;
}

/** The seeds' "Insufficient view balance" / "Insufficient USDT balance". */
export function insufficientTransfer(type: TransferType): Problem {
  return {
    code: "INSUFFICIENT_BALANCE",
    field: "amount",
    params: { context: currencyContext(type) },
  };
}
