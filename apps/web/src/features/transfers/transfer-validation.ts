import {
  parseUsdt,
  parseViews,
  TRANSFER,
  type TransferType,
  USERNAME_RULES,
} from "@viewvault/shared";

export type TransferField = "amount" | "recipient";

/** Keys under `transfer:messages.*`, in the seeds' order of checks. */
export type TransferProblemKey =
  | "invalidAmount"
  | "minimumViews"
  | "minimumUsdt"
  | "insufficientViews"
  | "insufficientUsdt"
  | "recipientRequired"
  | "selfTransfer"
  | "recipientNotFound";

export type TransferProblem = { field: TransferField; key: TransferProblemKey };

/** "@Alice " → "Alice": what the member typed, as the server reads it. */
export function normaliseRecipient(value: string): string {
  return value.trim().replace(/^@/, "");
}

/** Whether a typed recipient is worth looking up yet (a whole username or an id). */
export function canPreviewRecipient(value: string): boolean {
  return normaliseRecipient(value).length >= USERNAME_RULES.min;
}

/** Parsed minor units of the typed amount (views or micro-USDT), or null. */
export function parseTransferAmount(type: TransferType, amount: string): bigint | null {
  return type === "VIEWS" ? parseViews(amount) : parseUsdt(amount);
}

/**
 * The seeds' client checks, in the seeds' order: amount required and numeric, minimum, over
 * balance, recipient required, not yourself. Whether the recipient exists is asked of the
 * server afterwards ("Recipient not found").
 */
export function transferProblem(
  input: { transferType: TransferType; amount: string; recipient: string },
  context: {
    balances: { views: bigint; usdt: bigint } | null;
    me: { id: string; username: string };
  },
): TransferProblem | null {
  const views = input.transferType === "VIEWS";
  const amount = parseTransferAmount(input.transferType, input.amount);
  if (amount === null || amount <= 0n) return { field: "amount", key: "invalidAmount" };
  if (amount < (views ? TRANSFER.minViews : TRANSFER.minMicroUsdt)) {
    return { field: "amount", key: views ? "minimumViews" : "minimumUsdt" };
  }
  const balance = context.balances
    ? views
      ? context.balances.views
      : context.balances.usdt
    : null;
  if (balance !== null && amount > balance) {
    return { field: "amount", key: views ? "insufficientViews" : "insufficientUsdt" };
  }
  const recipient = normaliseRecipient(input.recipient);
  if (!recipient) return { field: "recipient", key: "recipientRequired" };
  if (
    recipient.toLowerCase() === context.me.username.toLowerCase() ||
    recipient.toLowerCase() === context.me.id.toLowerCase()
  ) {
    return { field: "recipient", key: "selfTransfer" };
  }
  return null;
}

/** The server's refusal as the same seed message (null: show the generic failure). */
export function problemFromCode(
  code: string,
  transferType: TransferType,
  fields?: { message: string }[],
): TransferProblem | null {
  const views = transferType === "VIEWS";
  switch (code) {
    case "INVALID_AMOUNT":
      return { field: "amount", key: "invalidAmount" };
    case "BELOW_MINIMUM":
      return { field: "amount", key: views ? "minimumViews" : "minimumUsdt" };
    case "INSUFFICIENT_BALANCE":
      return { field: "amount", key: views ? "insufficientViews" : "insufficientUsdt" };
    case "SELF_TRANSFER":
      return { field: "recipient", key: "selfTransfer" };
    case "RECIPIENT_NOT_FOUND":
      return { field: "recipient", key: "recipientNotFound" };
    case "VALIDATION_FAILED":
      return fields?.some((f) => f.message === "Please enter recipient ID")
        ? { field: "recipient", key: "recipientRequired" }
        : { field: "amount", key: "invalidAmount" };
    default:
      return null;
  }
}
