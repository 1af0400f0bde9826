export { balancesQueryKey, balancesQueryOptions, toBigBalances, useBalances } from "./get-balances";
export { ANNOUNCED_QUERIES, viewRequestsQueryKey } from "./live-balances";
