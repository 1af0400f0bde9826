/**
 * Every figure the product states or enforces lives here. The server, the web app,
 * the policy pages and the PDF documents all read these, so no two places can disagree.
 * Money is in minor units: whole views, and micro-USDT (1 USDT = 1_000_000).
 */

export const PRODUCT_NAME = "ViewVault";

/** micro-USDT per USDT. */
export const MICRO_PER_USDT = 1_000_000n;

export const RATES = {
  /** 0.1 USDT per view ("100 views = 10 USDT"). */
  microUsdtPerView: 100_000n,
  /** 10 views per USDT; only whole views are bought and exactly views ÷ 10 USDT is charged. */
  viewsPerUsdt: 10n,
} as const;

/**
 * The largest amount one request may name (a swap, a transfer): far above any real balance, and
 * far below 64-bit overflow in the database even after conversion — 10^12 views × 100,000
 * micro-USDT per view = 10^17 micro-USDT, against a bigint limit of about 9.2 × 10^18.
 * `parseViews`/`parseUsdt` answer null above these, so the server answers INVALID_AMOUNT.
 */
export const AMOUNT_LIMITS = {
  /** 1,000,000,000,000 views. */
  maxViews: 1_000_000_000_000n,
  /** 1,000,000,000 USDT, in micro-USDT. */
  maxMicroUsdt: 1_000_000_000n * MICRO_PER_USDT,
} as const;

export const VIDEO = {
  postCostViews: 1n,
  adSeconds: 30,
  contentSeconds: 30,
  watcherRewardViews: 1n,
  creatorRewardViews: 1n,
  /** A member is credited at most once per video in this window. */
  rewatchWindowHours: 24,
  /** Credited watch sessions per member per day (earning is capped). */
  dailyWatchCap: 200,
} as const;

export const BOOST = { costViews: 100n, hours: 24 } as const;

export const VIEW_REQUEST = { costViews: 1n, dailyLimit: 10, matchRewardViews: 2n } as const;

export const MYSTERY_BOX = {
  costViews: 100n,
  /** Drop rates in percent. */
  rates: { common: 75, rare: 20, legendary: 5 },
} as const;

export const VERIFICATION = { costViews: 1_000n } as const;

export const DAILY_CLAIM = {
  rewardViews: 100n,
  timeZone: "America/Los_Angeles",
  hour: 13,
  /** A member wins the daily prize at most once in this many Los Angeles dates (ADR 018). */
  winCooldownDays: 7,
  /** The /events page lists the winners of this many last dates. */
  winnersShownDays: 30,
} as const;

/** The annual prize is for verified accounts with a confirmed e-mail only (ADR 018). */
export const ANNUAL_EVENT = { rewardViews: 1_000_000n, month: 1, day: 1, timeZone: "UTC" } as const;

/** An event bonus staff grant: a positive USDT amount up to this, with a reason. */
export const EVENT_BONUS = {
  maxMicroUsdt: 10_000n * MICRO_PER_USDT,
  reasonMaxLength: 200,
} as const;

export const TRANSFER = { minViews: 100n, minMicroUsdt: 100n * MICRO_PER_USDT } as const;

export const NETWORKS = ["TRC20", "ERC20", "BEP20"] as const;
export type Network = (typeof NETWORKS)[number];

/** Payouts the chain confirms (ADR 058): how often the job asks the chains. */
export const PAYOUTS = {
  followSeconds: 15,
  /**
   * A transaction the node no longer knows (DROPPED) goes back to the desk only after it stayed
   * unknown this long: a load-balanced RPC can briefly miss a pending transaction (ADR 057/058).
   */
  droppedGraceMinutes: 5,
} as const;

export const WITHDRAWAL = {
  minMicroUsdt: 100n * MICRO_PER_USDT,
  feesMicroUsdt: {
    TRC20: 1n * MICRO_PER_USDT,
    BEP20: 2n * MICRO_PER_USDT,
    ERC20: 5n * MICRO_PER_USDT,
  } satisfies Record<Network, bigint>,
  processingHours: { min: 24, max: 48 },
  dailyLimitMicroUsdt: {
    unverified: 100n * MICRO_PER_USDT,
    verified: 5_000n * MICRO_PER_USDT,
  },
  /** A single request above this needs a second approval by an admin. */
  secondApprovalAboveMicroUsdt: 1_000n * MICRO_PER_USDT,
  secondApprovalMaxHours: 24,
  amountStepUsdt: "0.01",
  /** The seeds' shortest wallet address ("Please enter a valid wallet address" below it). */
  addressMinLength: 20,
  /** A payout wallet changed less than this long ago cannot receive a withdrawal yet. */
  newAddressHoldHours: 24,
  /** The daily limit counts withdrawals (not failed) since 00:00 UTC. */
  dayBoundaryTimeZone: "UTC",
} as const;

/**
 * The support desk: staff re-enter their password to unlock it (the seeds' gate, checked by the
 * server); the unlock lasts this long for the session. Requests are listed this many per page.
 */
export const SUPPORT_DESK = {
  unlockMinutes: 15,
  pageSize: 20,
  requestTypes: [
    "WITHDRAWAL",
    "WITHDRAWAL_QUESTION",
    "ACCOUNT",
    "PAYMENT",
    "OTHER",
    /** A member appealing a cash-out pause (opened from the pause banner, ADR 048). */
    "APPEAL",
  ] as const,
  statuses: ["PENDING", "PROCESSING", "COMPLETED"] as const,
  messageMaxLength: 2_000,
  reasonMaxLength: 500,
} as const;

/** Verification levels stated by the AML/KYC policy, with their withdrawal limits. */
export const VERIFICATION_TIERS = [
  { id: "basic", requirementKey: "emailAndPhone", limitMicroUsdt: 100n * MICRO_PER_USDT },
  { id: "intermediate", requirementKey: "idDocument", limitMicroUsdt: 1_000n * MICRO_PER_USDT },
  { id: "advanced", requirementKey: "proofOfResidence", limitMicroUsdt: null },
] as const;

export const REFERRAL = {
  signupRewardViews: 1n,
  commissionPercent: 1,
  /** Commission in basis points of the referee's new net conversion. */
  commissionBasisPoints: 100n,
  recentShown: 3,
  badges: [
    { id: "diamond", min: 100 },
    { id: "gold", min: 50 },
    { id: "silver", min: 10 },
  ],
  calculationExamples: [10, 50, 100],
  policyChangeNoticeDays: 30,
} as const;

export const INVITE = { signupBonusMicroUsdt: 10n * MICRO_PER_USDT } as const;

export const PRESENCE = { heartbeatSeconds: 30, offlineAfterSeconds: 90 } as const;

export const CRYPTO_LAUNCH = {
  date: "2026-12-12",
  /** Estimated crypto = views × 0.1. */
  estimatePerView: "0.1",
} as const;

/**
 * Lifetime EARNED views (watch rewards and creator credits, view-request gains, daily and annual
 * prizes, referral rewards — not transfers, swaps or purchases) → a USDT reward, each once.
 * Migration `milestones_functions` keeps the same levels in `milestone_levels`; a test
 * checks they agree.
 */
export const MILESTONES = [
  { views: 1_000n, rewardMicroUsdt: 10n * MICRO_PER_USDT },
  { views: 5_000n, rewardMicroUsdt: 50n * MICRO_PER_USDT },
  { views: 10_000n, rewardMicroUsdt: 100n * MICRO_PER_USDT },
] as const;

export const SWAP = { historyShown: 5 } as const;

/**
 * The views marketplace (ADR 024). No platform fee: the buyer pays exactly quantity × price to
 * the seller. An offer names whole views (1 to `maxViews`) and a price per view in USDT with up
 * to `priceDecimals` decimals (micro-USDT: 0.000001 to `maxPriceMicroUsdt`), so a total is at
 * most 1,000,000 × 1,000 USDT = 10^9 USDT (AMOUNT_LIMITS.maxMicroUsdt). A purchase buys a whole
 * offer. Lists are `pageSize` offers a page, at most `maxPages` pages deep.
 */
export const MARKETPLACE = {
  feePercent: 0,
  minViews: 1n,
  maxViews: 1_000_000n,
  priceDecimals: 6,
  minPriceMicroUsdt: 1n,
  maxPriceMicroUsdt: 1_000n * MICRO_PER_USDT,
  pageSize: 20,
  maxPages: 500,
  mineShown: 50,
} as const;

/**
 * The ranking (ADR 025): members ranked by the views the platform credited them (these ledger
 * transaction kinds, never transfers, purchases or swaps) this week / this month (UTC, weeks start
 * on Monday) or all time; recomputed every `refreshMinutes`; `pageSize` rows a page.
 */
export const RANKING = {
  periods: ["week", "month", "all"],
  earnedKinds: [
    "watch_reward",
    "view_request_match",
    "referral_reward",
    "referral_commission",
    "daily_claim",
    "annual_claim",
    "event_bonus",
    "milestone_reward",
  ],
  refreshMinutes: 5,
  pageSize: 50,
  maxPages: 2_000,
  hallOfFame: 3,
} as const;

/**
 * Deleting one's account (ADR 036): it is performed `graceDays` after the request; signing in
 * before then cancels it. The job looks for due deletions every `jobSeconds`, `batchSize` at a time.
 */
export const ACCOUNT_DELETION = { graceDays: 7, jobSeconds: 60, batchSize: 50 } as const;

/** The transparency page: live ledger totals (cached `cacheSeconds`) and a daily chart. */
export const TRANSPARENCY = { chartDays: 90, cacheSeconds: 60 } as const;

/**
 * Proof of reserves (ADR 067, ADR 068): a snapshot every day at `defaultHourUtc` (configurable),
 * views counted at RATES.microUsdtPerView; the page lists the newest `historyShown` snapshots.
 */
export const RESERVES = {
  defaultHourUtc: 3,
  historyShown: 30,
  /** Coverage is shown red below this many basis points (100 %). */
  fullCoverageBasisPoints: 10_000,
} as const;

export const COUNTRIES = [
  "BR",
  "US",
  "UK",
  "CA",
  "AU",
  "DE",
  "FR",
  "ES",
  "IT",
  "JP",
  "KR",
  "IN",
  "MX",
  "AR",
] as const;
export type Country = (typeof COUNTRIES)[number];

export const THEMES = [
  "Technology",
  "Entertainment",
  "Education",
  "Gaming",
  "Music",
  "Sports",
  "Travel",
  "Food",
  "Fashion",
  "Health",
  "Business",
  "News",
  "Comedy",
  "DIY",
] as const;
export type Theme = (typeof THEMES)[number];

export const PASSWORD = { minLength: 6 } as const;

export const SUPPORT = {
  businessHours: { from: 9, to: 18, utcOffset: "UTC-3", timeZone: "America/Sao_Paulo" },
  responseHours: {
    priority: { min: 12, max: 24 },
    general: { min: 24, max: 48 },
  },
  businessRequestDays: { min: 5, max: 7 },
  moderationReviewHours: { min: 24, max: 48 },
  disputeEscalationHours: 48,
  email: "support@viewvault.app",
  privacyEmail: "privacy@viewvault.app",
  complianceEmail: "compliance@viewvault.app",
} as const;

export const LEGAL = {
  governingLaw: "Brazil",
  dataProtectionLaw: "LGPD (Lei nº 13.709/2018)",
  court: "São Paulo",
  minimumAge: 18,
  cookieMaxMonths: 12,
  lastUpdated: "2026-11-29",
} as const;

export const LOCALES = ["en", "pt-BR"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/**
 * The admin console (ADR 027–029): members per search page, audit rows per page, how long a
 * password or 2FA confirmation (or the sign-in itself) lets an admin move money or change a role.
 */
export const ADMIN = {
  searchPageSize: 25,
  auditPageSize: 50,
  recentLedgerEntries: 20,
  stepUpMinutes: 5,
  /** Sign-ups from one address at or above which the address is flagged as crowded. */
  crowdedNetworkAccounts: 3,
  reasonMaxLength: 500,
  /** Support requests (withdrawals included) on the member page, newest first. */
  recentSupportRequests: 10,
  /** Withdrawals shown with each payout waiting for the second approval. */
  payoutHistory: 10,
} as const;

/** What a username may be (its zod contract, ZUsername, is in contracts/accounts.ts). */
export const USERNAME_RULES = { min: 3, max: 20, pattern: /^[A-Za-z0-9_.]+$/ } as const;
