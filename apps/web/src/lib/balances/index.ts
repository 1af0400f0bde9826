export { balancesQueryKey, balancesQueryOptions, toBigBalances, useBalances } from "./get-balances";
