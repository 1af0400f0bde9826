import { parseUsdt, REFERRAL } from "@viewvault/shared";

export type BadgeId = (typeof REFERRAL.badges)[number]["id"];

/** Badges from the lowest threshold up (Silver ≥10, Gold ≥50, Diamond ≥100). */
export const BADGES_ASCENDING = [...REFERRAL.badges].sort((a, b) => a.min - b.min);

/** The badge a number of referrals earns (null below the first threshold). */
export function badgeFor(total: number): BadgeId | null {
  let badge: BadgeId | null = null;
  for (const b of BADGES_ASCENDING) if (total >= b.min) badge = b.id;
  return badge;
}

/** The next badge to reach, with how far along the member is (0–100), or null at the top. */
export function nextBadge(
  total: number,
): { id: BadgeId; min: number; remaining: number; percent: number } | null {
  const next = BADGES_ASCENDING.find((b) => total < b.min);
  if (!next) return null;
  const previous = [...BADGES_ASCENDING].reverse().find((b) => b.min <= total)?.min ?? 0;
  const percent = Math.floor(((total - previous) * 100) / (next.min - previous));
  return { id: next.id, min: next.min, remaining: next.min - total, percent };
}

/** Views earned from `referrals` confirmed sign-ups. */
export function signupViews(referrals: number): bigint {
  return BigInt(referrals) * REFERRAL.signupRewardViews;
}

/**
 * Monthly commission (micro-USDT) for `referrals` members who each get `monthlyUsdt` credited
 * (typed, e.g. "100" or "12,5"): commissionBasisPoints of it each, in bigint. Null when the
 * typed amount is not a number.
 */
export function monthlyCommission(
  referrals: number,
  monthlyUsdt: string,
): { perReferral: bigint; total: bigint } | null {
  const micro = parseUsdt(monthlyUsdt);
  if (micro === null) return null;
  const perReferral = (micro * REFERRAL.commissionBasisPoints) / 10_000n;
  return {
    perReferral,
    total: (micro * BigInt(referrals) * REFERRAL.commissionBasisPoints) / 10_000n,
  };
}
