import {
  formatViews,
  parseUsdt,
  parseViews,
  type TCreateTransferRequest,
  type TMemberRef,
  TRANSFER,
  type TTransfer,
  type TTransferResult,
  wholeUsdt,
} from "@viewvault/shared";
import type { Db, DbOrTx, Tx } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { readBalances } from "../ledger/ledger.repository";
import { InsufficientFundsError, postTransaction } from "../ledger/ledger.service";
import {
  findProfileById,
  findProfileByUsername,
  type ProfileRow,
} from "../profiles/profiles.repository";
import { toBalancesDto } from "../wallet/wallet.dto";
import { insertTransfer, transfersOf } from "./transfers.repository";

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function ref(p: Pick<ProfileRow, "id" | "username" | "isVerified">): TMemberRef {
  return { id: p.id, username: p.username, isVerified: p.isVerified };
}

/** A recipient by username (no hyphen) or profile id (the seeds' rule); suspended members cannot receive. */
export async function findRecipient(db: DbOrTx, query: string): Promise<ProfileRow | undefined> {
  const value = query.trim().replace(/^@/, "");
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
  if (!recipient) throw new AppError("RECIPIENT_NOT_FOUND", "Recipient not found");
  if (recipient.id === sender.id)
    throw new AppError("SELF_TRANSFER", "Cannot transfer to yourself");
  return ref(recipient);
}

export interface TransferNotice {
  recipientId: string;
  senderUsername: string;
  transferType: "VIEWS" | "USDT";
  amount: bigint;
}

/**
 * The seeds' checks in the seeds' order, then one ledger posting and the transfer record; `notify`
 * (optional) queues the recipient's e-mail in the same transaction.
 */
export async function createTransfer(
  tx: Tx,
  sender: ProfileRow,
  request: TCreateTransferRequest,
  notify?: (tx: Tx, notice: TransferNotice) => Promise<void>,
): Promise<TTransferResult> {
  const views = request.transferType === "VIEWS";
  const amount = views ? parseViews(request.amount) : parseUsdt(request.amount);
  if (amount === null || amount <= 0n)
    throw new AppError("INVALID_AMOUNT", "Please enter a valid amount");
  const minimum = views ? TRANSFER.minViews : TRANSFER.minMicroUsdt;
  if (amount < minimum) {
    throw new AppError(
      "BELOW_MINIMUM",
      views
        ? `Minimum transfer is ${formatViews(minimum)} views`
        : `Minimum transfer is $${wholeUsdt(minimum)} USDT`,
    );
  }
  const recipient = await findRecipient(tx, request.recipient);
  if (
    recipient?.id === sender.id ||
    request.recipient.trim().replace(/^@/, "").toLowerCase() === sender.username.toLowerCase()
  ) {
    throw new AppError("SELF_TRANSFER", "Cannot transfer to yourself");
  }
  if (!recipient) throw new AppError("RECIPIENT_NOT_FOUND", "Recipient not found");

  const currency = request.transferType;
  let posted: Awaited<ReturnType<typeof postTransaction>>;
  try {
    posted = await postTransaction(tx, {
      kind: "transfer",
      actorProfileId: sender.id,
      legs: [
        { account: { member: sender.id, currency }, amount: -amount, counterparty: recipient.id },
        { account: { member: recipient.id, currency }, amount, counterparty: sender.id },
      ],
    });
  } catch (error) {
    if (error instanceof InsufficientFundsError) {
      throw new AppError(
        "INSUFFICIENT_BALANCE",
        views ? "Insufficient view balance" : "Insufficient USDT balance",
      );
    }
    throw error;
  }
  const row = await insertTransfer(tx, {
    senderId: sender.id,
    recipientId: recipient.id,
    transferType: currency,
    amount,
    ledgerTransactionId: posted.transactionId,
  });
  await notify?.(tx, {
    recipientId: recipient.id,
    senderUsername: sender.username,
    transferType: currency,
    amount,
  });
  return {
    transfer: {
      id: row.id,
      direction: "sent",
      sender: ref(sender),
      recipient: ref(recipient),
      transferType: row.transferType,
      amount: row.amount.toString(),
      status: row.status,
      createdAt: row.createdAt.toISOString(),
    },
    balances: toBalancesDto(posted.balances.get(sender.id) ?? (await readBalances(tx, sender.id))),
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
