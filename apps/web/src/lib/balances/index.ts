export {
  balancesQueryKey,
  balancesQueryOptions,
  getBalances,
  toBigBalances,
  useBalances,
} from "./get-balances";
export { applyBalancesEvent, BALANCES_STREAM_URL, LiveBalances } from "./live-balances";
