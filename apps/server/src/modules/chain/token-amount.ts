/**
 * Token units ↔ micro-USDT (6 decimals, the unit of every amount in ViewVault). USDT has 6
 * decimals on Ethereum and Tron but 18 on BNB Smart Chain; an amount that is not a whole
 * micro-USDT has no micro-USDT value (null), never a rounded one.
 */
const MICRO_DECIMALS = 6;

/** micro-USDT → the token's smallest unit (exact for any decimals ≥ 6). */
export function microToTokenUnits(micro: bigint, decimals: number): bigint {
  if (decimals >= MICRO_DECIMALS) return micro * 10n ** BigInt(decimals - MICRO_DECIMALS);
  const divisor = 10n ** BigInt(MICRO_DECIMALS - decimals);
  if (micro % divisor !== 0n) {
    throw new RangeError(`${micro} micro-USDT is not a whole unit of a ${decimals}-decimal token`);
  }
  return micro / divisor;
}

/** The token's smallest unit → micro-USDT; null when it is not a whole micro-USDT (dust). */
export function tokenUnitsToMicro(units: bigint, decimals: number): bigint | null {
  if (decimals <= MICRO_DECIMALS) return units * 10n ** BigInt(MICRO_DECIMALS - decimals);
  const divisor = 10n ** BigInt(decimals - MICRO_DECIMALS);
  return units % divisor === 0n ? units / divisor : null;
}

/** The token's smallest unit → micro-USDT rounded down (for balances: what can surely be sent). */
export function tokenUnitsToMicroFloor(units: bigint, decimals: number): bigint {
  if (decimals <= MICRO_DECIMALS) return units * 10n ** BigInt(MICRO_DECIMALS - decimals);
  return units / 10n ** BigInt(decimals - MICRO_DECIMALS);
}
