import {
  insufficientTransfer,
  normaliseRecipient,
  parseTransferAmount,
  type TBalances,
  type TCreateTransferRequest,
  type TMemberRef,
  type TTransfer,
  type TTransferResult,
  transferProblem,
} from "@viewvault/shared";
import type { Db, DbOrTx } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { assertCashoutAllowed } from "../enforcement/enforcement.service";
import type { Idempotency } from "../idempotency/idempotency";
import { type CommandOutcome, command, type Money, runCommand } from "../ledger/money-command";
import {
  findProfileById,
  findProfileByUsername,
  type ProfileRow,
} from "../profiles/profiles.repository";
import { transfersOf } from "./transfers.repository";

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function ref(p: Pick<ProfileRow, "id" | "username" | "isVerified">): TMemberRef {
  return { id: p.id, username: p.username, isVerified: p.isVerified };
}

/** A recipient by username (no hyphen) or profile id (the seeds' rule); suspended members cannot receive. */
export async function findRecipient(db: DbOrTx, query: string): Promise<ProfileRow | undefined> {
  const value = normaliseRecipient(query);
  const profile = value.includes("-")
    ? UUID_RE.test(value)
      ? await findProfileById(db, value)
      : undefined
    : await findProfileByUsername(db, value);
  return profile && !profile.suspended ? profile : undefined;
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

const TRANSFER_COMMAND = command("vv_transfer", [
  "uuid",
  "text",
  "text",
  "text",
  "text",
  "text",
  "bigint",
  "text",
]);

interface TransferRow {
  transfer: { id: string; status: string; createdAt: string };
  recipient: TMemberRef;
  balances: TBalances;
}

/**
 * The seeds' checks in the seeds' order (the shared sequence the form runs too), then the
 * transfer command (migration 0010, vv_transfer): in one statement it finds the recipient (never
 * the sender, never a suspended member), posts, records the transfer, queues the recipient's
 * e-mail notice and answers, honouring the Idempotency-Key.
 */
export async function createTransfer(
  money: Money,
  sender: ProfileRow,
  request: TCreateTransferRequest,
  idem: Idempotency,
): Promise<CommandOutcome<TTransferResult>> {
  // USDT sent to another member is cash-out too: refused first while staff paused it (ADR 048).
  if (request.transferType === "USDT") await assertCashoutAllowed(money.db, sender.id);
  const problem = transferProblem(request, { balances: null, me: sender });
  if (problem) throw AppError.from(problem);
  const amount = parseTransferAmount(request.transferType, request.amount) as bigint;
  const outcome = await runCommand<TransferRow>(
    money,
    TRANSFER_COMMAND,
    [
      sender.id,
      idem.key,
      idem.route,
      idem.hash,
      request.recipient,
      request.transferType,
      amount,
      sender.username,
    ],
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
