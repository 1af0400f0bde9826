import {
  ANNUAL_EVENT,
  BOOST,
  CRYPTO_LAUNCH,
  DAILY_CLAIM,
  INVITE,
  LEGAL,
  MARKETPLACE,
  MILESTONES,
  MYSTERY_BOX,
  NETWORKS,
  PASSWORD,
  PRESENCE,
  PRODUCT_NAME,
  RATES,
  REFERRAL,
  SUPPORT,
  TRANSFER,
  VERIFICATION,
  VERIFICATION_TIERS,
  VIDEO,
  VIEW_REQUEST,
  WITHDRAWAL,
} from "./constants";
import { formatViews, viewsToMicroUsdt, wholeUsdt } from "./money";

/**
 * The values that page texts interpolate (`{{minWithdrawal}}` …), rendered from the constants.
 * Texts in the locale files never write a figure themselves.
 */
export function policyFigures(locale: string): Record<string, string> {
  const views = (v: bigint) => formatViews(v, locale);
  const pt = locale.startsWith("pt");
  /** Whole USDT with grouping and only the decimals it needs: "1,000", "2.5" (en); "1.000", "2,5" (pt-BR). */
  const usdt = (m: bigint) => {
    const [whole = "0", fraction] = wholeUsdt(m).split(".");
    const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, pt ? "." : ",");
    return fraction ? `${grouped}${pt ? "," : "."}${fraction}` : grouped;
  };
  const tier = (id: string) => VERIFICATION_TIERS.find((t) => t.id === id)?.limitMicroUsdt ?? null;
  const milestone = (i: number) => MILESTONES[i] as (typeof MILESTONES)[number];
  const hours = SUPPORT.businessHours;
  const launch = new Date(`${CRYPTO_LAUNCH.date}T00:00:00Z`).toLocaleDateString(
    locale.startsWith("pt") ? "pt-BR" : "en-US",
    { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" },
  );
  return {
    product: PRODUCT_NAME,
    viewsPerTenUsdt: views(10_000_000n / RATES.microUsdtPerView),
    usdtPerView: usdt(viewsToMicroUsdt(1n)),
    viewsPerUsdt: RATES.viewsPerUsdt.toString(),
    usdtPerHundredViews: usdt(viewsToMicroUsdt(100n)),
    postCost: views(VIDEO.postCostViews),
    adSeconds: String(VIDEO.adSeconds),
    contentSeconds: String(VIDEO.contentSeconds),
    watcherReward: views(VIDEO.watcherRewardViews),
    creatorReward: views(VIDEO.creatorRewardViews),
    rewatchHours: String(VIDEO.rewatchWindowHours),
    dailyWatchCap: String(VIDEO.dailyWatchCap),
    boostCost: views(BOOST.costViews),
    boostHours: String(BOOST.hours),
    viewRequestCost: views(VIEW_REQUEST.costViews),
    viewRequestDaily: String(VIEW_REQUEST.dailyLimit),
    viewRequestReward: views(VIEW_REQUEST.matchRewardViews),
    boxCost: views(MYSTERY_BOX.costViews),
    boxCommon: String(MYSTERY_BOX.rates.common),
    boxRare: String(MYSTERY_BOX.rates.rare),
    boxLegendary: String(MYSTERY_BOX.rates.legendary),
    verificationCost: views(VERIFICATION.costViews),
    dailyClaimReward: views(DAILY_CLAIM.rewardViews),
    dailyClaimHour: locale.startsWith("pt") ? `${DAILY_CLAIM.hour}h` : "1:00 PM",
    dailyClaimZone: DAILY_CLAIM.timeZone,
    annualReward: views(ANNUAL_EVENT.rewardViews),
    transferMinViews: views(TRANSFER.minViews),
    transferMinUsdt: usdt(TRANSFER.minMicroUsdt),
    minWithdrawal: usdt(WITHDRAWAL.minMicroUsdt),
    networks: NETWORKS.join(", "),
    feeTrc20: usdt(WITHDRAWAL.feesMicroUsdt.TRC20),
    feeBep20: usdt(WITHDRAWAL.feesMicroUsdt.BEP20),
    feeErc20: usdt(WITHDRAWAL.feesMicroUsdt.ERC20),
    processingMin: String(WITHDRAWAL.processingHours.min),
    processingMax: String(WITHDRAWAL.processingHours.max),
    dailyLimitUnverified: usdt(WITHDRAWAL.dailyLimitMicroUsdt.unverified),
    dailyLimitVerified: usdt(WITHDRAWAL.dailyLimitMicroUsdt.verified),
    secondApprovalAbove: usdt(WITHDRAWAL.secondApprovalAboveMicroUsdt),
    secondApprovalHours: String(WITHDRAWAL.secondApprovalMaxHours),
    tierBasicLimit: usdt(tier("basic") ?? 0n),
    tierIntermediateLimit: usdt(tier("intermediate") ?? 0n),
    referralSignupViews: views(REFERRAL.signupRewardViews),
    referralCommission: String(REFERRAL.commissionPercent),
    badgeSilver: String(REFERRAL.badges[2].min),
    badgeGold: String(REFERRAL.badges[1].min),
    badgeDiamond: String(REFERRAL.badges[0].min),
    referralNoticeDays: String(REFERRAL.policyChangeNoticeDays),
    inviteBonus: usdt(INVITE.signupBonusMicroUsdt),
    heartbeatSeconds: String(PRESENCE.heartbeatSeconds),
    cryptoLaunch: launch,
    milestone1Views: views(milestone(0).views),
    milestone1Reward: usdt(milestone(0).rewardMicroUsdt),
    milestone2Views: views(milestone(1).views),
    milestone2Reward: usdt(milestone(1).rewardMicroUsdt),
    milestone3Views: views(milestone(2).views),
    milestone3Reward: usdt(milestone(2).rewardMicroUsdt),
    marketplaceFee: String(MARKETPLACE.feePercent),
    businessHoursFrom: String(hours.from),
    businessHoursTo: String(hours.to),
    businessHoursZone: hours.utcOffset,
    priorityResponseMin: String(SUPPORT.responseHours.priority.min),
    priorityResponseMax: String(SUPPORT.responseHours.priority.max),
    generalResponseMin: String(SUPPORT.responseHours.general.min),
    generalResponseMax: String(SUPPORT.responseHours.general.max),
    businessRequestMin: String(SUPPORT.businessRequestDays.min),
    businessRequestMax: String(SUPPORT.businessRequestDays.max),
    moderationMin: String(SUPPORT.moderationReviewHours.min),
    moderationMax: String(SUPPORT.moderationReviewHours.max),
    disputeHours: String(SUPPORT.disputeEscalationHours),
    supportEmail: SUPPORT.email,
    privacyEmail: SUPPORT.privacyEmail,
    complianceEmail: SUPPORT.complianceEmail,
    governingLaw: locale.startsWith("pt") ? "Brasil" : LEGAL.governingLaw,
    dataLaw: LEGAL.dataProtectionLaw,
    court: LEGAL.court,
    minimumAge: String(LEGAL.minimumAge),
    cookieMonths: String(LEGAL.cookieMaxMonths),
    lastUpdated: new Date(`${LEGAL.lastUpdated}T00:00:00Z`).toLocaleDateString(
      locale.startsWith("pt") ? "pt-BR" : "en-US",
      { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" },
    ),
    passwordMin: String(PASSWORD.minLength),
  };
}
