export { balancesQueryKey, balancesQueryOptions, toBigBalances, useBalances } from "./get-balances";
export { viewRequestsQueryKey } from "./live-balances";
