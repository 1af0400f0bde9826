import {
  explorerUrl,
  type Network,
  type TWithdrawal,
  type WithdrawalStatus,
} from "@viewvault/shared";
import type { ClaimRow } from "./withdrawals.repository";

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
    // Cancellable while it waits untaken: the same condition vv_withdraw_cancel checks.
    cancellable: c.status === "SENT" && c.processedBy === null,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

export function toWithdrawal(row: ClaimRow): TWithdrawal {
  return withdrawal({
    ...row,
    amount: row.amountUsdt,
    fee: row.feeUsdt,
  });
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
    createdAt: new Date(c.created_at),
    updatedAt: new Date(c.updated_at),
  });
}
