import {
  SUPPORT_DESK,
  type TCreateSupportRequest,
  type TSupportListQuery,
  type TSupportPage,
  type TSupportRequest,
} from "@viewvault/shared";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import type { Member } from "../../lib/member";
import { deskRiskOf } from "../risk/risk.desk";
import { toWithdrawal } from "../withdrawals/withdrawals.mapper";
import {
  countSupportRequests,
  insertSupportRequest,
  listSupportRequests,
  type SupportFilter,
} from "./support.repository";

/**
 * Support requests (withdrawals included) as members and staff read them, and a member's new
 * request. The desk's gate, its actions and the threads are in the other support-*.service files.
 */

type Row = Awaited<ReturnType<typeof listSupportRequests>>[number];

function toSupportRequest({
  request,
  claim,
  processedBy,
  pauseReason,
  pausedAt,
}: Row): TSupportRequest {
  return {
    id: request.id,
    userId: request.userId,
    username: request.username,
    requestType: request.requestType,
    amountUsdt: request.amountUsdt?.toString() ?? null,
    network: request.network,
    walletAddress: request.walletAddress,
    status: request.status,
    message: request.message,
    withdrawal: claim ? { ...toWithdrawal(claim), processedBy: processedBy ?? null } : null,
    appeal: pauseReason && pausedAt ? { pauseReason, pausedAt: pausedAt.toISOString() } : null,
    createdAt: request.createdAt.toISOString(),
    updatedAt: request.updatedAt.toISOString(),
  };
}

async function page(db: Db, filter: SupportFilter, pageNumber: number): Promise<TSupportPage> {
  const size = SUPPORT_DESK.pageSize;
  const [rows, total] = await Promise.all([
    listSupportRequests(db, filter, { limit: size, offset: (pageNumber - 1) * size }),
    countSupportRequests(db, filter),
  ]);
  return { requests: rows.map(toSupportRequest), page: pageNumber, pageSize: size, total };
}

/** A member's own requests (withdrawals included), newest first. */
export function listOwnRequests(db: Db, member: Member, pageNumber: number): Promise<TSupportPage> {
  return page(db, { userId: member.profile.id }, pageNumber);
}

/** One of the member's own requests; another member's is "not found". */
export async function getOwnRequest(db: Db, member: Member, id: string): Promise<TSupportRequest> {
  const [row] = await listSupportRequests(
    db,
    { id, userId: member.profile.id },
    { limit: 1, offset: 0 },
  );
  if (!row) throw new AppError("NOT_FOUND", { context: "supportRequest" });
  return toSupportRequest(row);
}

export async function openSupportRequest(
  db: Db,
  clock: Clock,
  member: Member,
  request: TCreateSupportRequest,
): Promise<TSupportPage> {
  const now = clock.now();
  await insertSupportRequest(db, {
    userId: member.profile.id,
    username: member.profile.username,
    requestType: request.requestType,
    message: request.message,
    createdAt: now,
    updatedAt: now,
  });
  return listOwnRequests(db, member, 1);
}

/** Withdrawals the desk or an admin may still act on: their member's risk is shown beside them. */
const OPEN_WITHDRAWAL = new Set(["SENT", "AWAITING_APPROVAL"]);

/**
 * Each open withdrawal with its member's risk, cluster and holds (ADR 071), from the fraud queue's
 * source: what the desk and the approvals show next to the buttons the database may refuse.
 */
export async function withDeskRisk(
  db: Db,
  clock: Clock,
  requests: TSupportRequest[],
): Promise<TSupportRequest[]> {
  const amounts = new Map<string, bigint>();
  for (const r of requests) {
    if (r.withdrawal && OPEN_WITHDRAWAL.has(r.withdrawal.status)) {
      amounts.set(r.userId, (amounts.get(r.userId) ?? 0n) + BigInt(r.amountUsdt ?? "0"));
    }
  }
  const risks = await deskRiskOf(db, clock, amounts);
  return requests.map((r) =>
    r.withdrawal && OPEN_WITHDRAWAL.has(r.withdrawal.status)
      ? { ...r, risk: risks.get(r.userId) ?? null }
      : r,
  );
}

/** The desk's list: every request, filtered and paged; open withdrawals with their member's risk. */
export async function listDeskRequests(
  db: Db,
  clock: Clock,
  query: TSupportListQuery,
): Promise<TSupportPage> {
  const found = await page(
    db,
    { status: query.status, type: query.type, member: query.member },
    query.page,
  );
  return { ...found, requests: await withDeskRisk(db, clock, found.requests) };
}

/** Any request, with its withdrawal and processor, as the desk reads it. */
export async function deskRequest(db: Db, id: string): Promise<TSupportRequest> {
  const [row] = await listSupportRequests(db, { id }, { limit: 1, offset: 0 });
  if (!row) throw new AppError("NOT_FOUND", { context: "supportRequest" });
  return toSupportRequest(row);
}

/** Requests (with their withdrawal and processor) for the admin console, newest first. */
export async function staffRequests(
  db: Db,
  filter: SupportFilter,
  limit: number,
): Promise<TSupportRequest[]> {
  return (await listSupportRequests(db, filter, { limit, offset: 0 })).map(toSupportRequest);
}
