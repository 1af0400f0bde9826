import { useMutation } from "@tanstack/react-query";
import type { TLedgerCheck } from "@viewvault/shared";
import { api } from "@/lib/api-client";

/** POST /api/admin/ledger/check: runs the ledger invariant check now. */
export function checkLedger(): Promise<TLedgerCheck> {
  return api.post<TLedgerCheck>("/api/admin/ledger/check");
}

export function useCheckLedger() {
  return useMutation({ mutationFn: checkLedger });
}
