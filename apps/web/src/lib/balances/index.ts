export { balancesQueryKey, balancesQueryOptions, toBigBalances, useBalances } from "./get-balances";
export { refetchAfterChange, viewRequestsQueryKey } from "./live-balances";
