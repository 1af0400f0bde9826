import { TRANSFER } from "../constants";
import type { TransferType } from "../contracts/money";
import type { Problem } from "../errors";
import { parseUsdt, parseViews, wholeUsdt } from "../money";

/** "@Alice " → "Alice": the recipient as the server reads it. */
export function normaliseRecipient(value: string): string {
  return value.trim().replace(/^@/, "");
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whom a transfer's recipient field names: a profile id, a username, or no one. */
export type RecipientRef = { id: string } | { username: string } | null;

/**
 * The seeds' recipient rule, kept only here (ADR 043): after `normaliseRecipient`, a value with
 * a hyphen is a profile id (lower-cased; one that is not a UUID names no one), any other value a
 * username (matched regardless of case). The recipient preview and the transfer both read it;
 * the transfer command only checks, at commit, that the member it names can still receive.
 */
export function recipientRef(value: string): RecipientRef {
  const recipient = normaliseRecipient(value);
  if (!recipient.includes("-")) return { username: recipient };
  return UUID.test(recipient) ? { id: recipient.toLowerCase() } : null;
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
