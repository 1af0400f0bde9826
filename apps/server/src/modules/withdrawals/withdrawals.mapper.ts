import {
  explorerUrl,
  type Network,
  type TWithdrawal,
  type TWithdrawalStep,
  type WithdrawalStatus,
  type WithdrawalStep,
} from "@viewvault/shared";
import type { ClaimRow, TimelineRow } from "./withdrawals.repository";

/** A claim as the database function answers it (to_jsonb of the row: snake_case, bigint as number). */
export interface ClaimJson {
  id: string;
  amount_usdt: number | string;
  fee_usdt: number | string;
  network: Network;
  wallet_address: string;
  status: WithdrawalStatus;
  needs_second_approval: boolean;
  tx_hash: string | null;
  failure_reason: string | null;
  processed_by: string | null;
  confirmations?: number | null;
  required_confirmations?: number | null;
  return_reason?: string | null;
  approved_at?: string | null;
  created_at: string;
  updated_at: string;
}

function withdrawal(c: {
  id: string;
  amount: bigint;
  fee: bigint;
  network: Network;
  walletAddress: string;
  status: WithdrawalStatus;
  needsSecondApproval: boolean;
  txHash: string | null;
  failureReason: string | null;
  processedBy: string | null;
  confirmations?: number | null;
  requiredConfirmations?: number | null;
  returnReason?: string | null;
  approvedAt?: Date | string | null;
  createdAt: Date;
  updatedAt: Date;
}): TWithdrawal {
  return {
    id: c.id,
    amount: c.amount.toString(),
    fee: c.fee.toString(),
    net: (c.amount - c.fee).toString(),
    network: c.network,
    walletAddress: c.walletAddress,
    status: c.status,
    needsSecondApproval: c.needsSecondApproval,
    txHash: c.txHash,
    explorerUrl: c.txHash ? explorerUrl(c.network, c.txHash) : null,
    failureReason: c.failureReason,
    confirmations: c.confirmations ?? null,
    requiredConfirmations: c.requiredConfirmations ?? null,
    returnReason: c.returnReason ?? null,
    approved: Boolean(c.approvedAt),
    // Cancellable while it waits untaken: the same condition vv_withdraw_cancel checks.
    cancellable: c.status === "SENT" && c.processedBy === null,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

/** A transaction's explorer link: the network's configured template when it has a chain client. */
export type ExplorerLink = (network: Network, txHash: string) => string;

export function toWithdrawal(
  row: ClaimRow,
  timeline?: TimelineRow[],
  explorer: ExplorerLink = explorerUrl,
): TWithdrawal {
  const result = withdrawal({
    ...row,
    amount: row.amountUsdt,
    fee: row.feeUsdt,
  });
  if (!timeline) return result;
  return {
    ...result,
    explorerUrl: row.txHash ? explorer(row.network, row.txHash) : null,
    timeline: timeline.map((s) => toStep(row, s, explorer)),
  };
}

/**
 * A timeline row as the member sees it (the explorer link from the hash). "Confirmed" only for
 * what the chain confirmed (ADR 073): a hand-recorded payout written as "confirmed" before the
 * "recorded" step existed reads as recorded.
 */
function toStep(row: ClaimRow, s: TimelineRow, explorer: ExplorerLink): TWithdrawalStep {
  const network: Network = row.network;
  const step = s.step === "confirmed" && !row.txVerified ? "recorded" : s.step;
  return {
    step: step as WithdrawalStep,
    txHash: s.txHash,
    explorerUrl: s.txHash ? explorer(network, s.txHash) : null,
    reason: s.reason,
    at: s.createdAt.toISOString(),
  };
}

export function claimJsonToWithdrawal(c: ClaimJson): TWithdrawal {
  return withdrawal({
    id: c.id,
    amount: BigInt(c.amount_usdt),
    fee: BigInt(c.fee_usdt),
    network: c.network,
    walletAddress: c.wallet_address,
    status: c.status,
    needsSecondApproval: c.needs_second_approval,
    txHash: c.tx_hash,
    failureReason: c.failure_reason,
    processedBy: c.processed_by,
    confirmations: c.confirmations ?? null,
    requiredConfirmations: c.required_confirmations ?? null,
    returnReason: c.return_reason ?? null,
    approvedAt: c.approved_at ?? null,
    createdAt: new Date(c.created_at),
    updatedAt: new Date(c.updated_at),
  });
}
