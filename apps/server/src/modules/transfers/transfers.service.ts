import {
  insufficientTransfer,
  parseTransferAmount,
  recipientRef,
  type TBalances,
  type TCreateTransferRequest,
  type TMemberRef,
  type TTransfer,
  type TTransferResult,
  transferProblem,
} from "@viewvault/shared";
import type { Db, DbOrTx } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import { assertCashoutAllowed } from "../enforcement/enforcement.service";
import type { Idempotency } from "../idempotency/idempotency";
import {
  type CommandOutcome,
  command,
  IDEMPOTENCY_ARGS,
  type Money,
} from "../ledger/money-command";
import {
  findProfileById,
  findProfileByUsername,
  type ProfileRow,
} from "../profiles/profiles.repository";
import { transfersOf } from "./transfers.repository";

function ref(p: Pick<ProfileRow, "id" | "username" | "isVerified">): TMemberRef {
  return { id: p.id, username: p.username, isVerified: p.isVerified };
}

/** A recipient by username or profile id (the seeds' rule, `recipientRef`); suspended members cannot receive. */
export async function findRecipient(db: DbOrTx, query: string): Promise<ProfileRow | undefined> {
  const ref = recipientRef(query);
  const profile = !ref
    ? undefined
    : "id" in ref
      ? await findProfileById(db, ref.id)
      : await findProfileByUsername(db, ref.username);
  return profile && !profile.suspended ? profile : undefined;
}

/**
 * Whom the recipient field names (`recipientRef`), as the transfer command takes it: a profile id
 * as written, '@' and a username, or null for no one. The command looks the member up itself, in
 * its one statement (ADR 079), and checks at commit that they exist, can receive and are not the
 * sender.
 */
function recipientArg(value: string): string | null {
  const ref = recipientRef(value);
  if (!ref) return null;
  return "id" in ref ? ref.id : `@${ref.username}`;
}

export async function previewRecipient(
  db: Db,
  sender: ProfileRow,
  query: string,
): Promise<TMemberRef> {
  const recipient = await findRecipient(db, query);
  if (!recipient) throw new AppError("RECIPIENT_NOT_FOUND", undefined, { field: "recipient" });
  if (recipient.id === sender.id)
    throw new AppError("SELF_TRANSFER", undefined, { field: "recipient" });
  return ref(recipient);
}

const TRANSFER_COMMAND = command("vv_transfer", {
  p_sender: "uuid",
  ...IDEMPOTENCY_ARGS,
  p_recipient: "text?",
  p_currency: "text",
  p_amount: "bigint",
  p_sender_username: "text",
  p_now: "timestamptz",
});

interface TransferRow {
  transfer: { id: string; status: string; createdAt: string };
  recipient: TMemberRef;
  balances: TBalances;
}

/**
 * The seeds' checks in the seeds' order (the shared sequence the form runs too), the recipient
 * the field names (`recipientRef`, ADR 043), then the transfer command (vv_transfer,
 * db/functions/transfers.sql): in one
 * statement, the request's one round trip (ADR 079), it claims the Idempotency-Key, finds the
 * recipient by id or username, refuses one who is no one, the sender or suspended (RECIPIENT_NOT_FOUND after the claim, so a retry replays the first answer), posts,
 * records the transfer, queues the recipient's e-mail notice and answers.
 */
export async function createTransfer(
  money: Money,
  clock: Clock,
  sender: ProfileRow,
  request: TCreateTransferRequest,
  idem: Idempotency,
): Promise<CommandOutcome<TTransferResult>> {
  // USDT sent to another member is cash-out too: refused first while staff paused it (ADR 048).
  if (request.transferType === "USDT") await assertCashoutAllowed(money.db, sender.id);
  const problem = transferProblem(request, { balances: null, me: sender });
  if (problem) throw AppError.from(problem);
  const amount = parseTransferAmount(request.transferType, request.amount) as bigint;
  const outcome = await TRANSFER_COMMAND.run<TransferRow>(
    money,
    {
      sender: sender.id,
      ...idem,
      recipient: recipientArg(request.recipient),
      currency: request.transferType,
      amount,
      senderUsername: sender.username,
      now: clock.now(),
    },
    { insufficient: insufficientTransfer(request.transferType) },
  );
  const { transfer, recipient, balances } = outcome.result;
  return {
    ...outcome,
    result: {
      transfer: {
        id: transfer.id,
        direction: "sent",
        sender: ref(sender),
        recipient,
        transferType: request.transferType,
        amount: amount.toString(),
        status: transfer.status,
        createdAt: new Date(transfer.createdAt).toISOString(),
      },
      balances,
    },
  };
}

export async function listTransfers(
  db: Db,
  profileId: string,
  limit: number,
): Promise<TTransfer[]> {
  return (await transfersOf(db, profileId, limit)).map(({ transfer, sender, recipient }) => ({
    id: transfer.id,
    direction: transfer.senderId === profileId ? "sent" : "received",
    sender,
    recipient,
    transferType: transfer.transferType,
    amount: transfer.amount.toString(),
    status: transfer.status,
    createdAt: transfer.createdAt.toISOString(),
  }));
}
