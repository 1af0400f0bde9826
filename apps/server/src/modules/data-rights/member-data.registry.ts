/**
 * Every column that ties a row to a member (ADR 026): a foreign key to `profiles.id` or
 * `users.id`, or a member id kept without a key. Each is either exported by "download my data"
 * (`export`, with the columns left out of the copy: secrets and hashes) or left out on purpose
 * (`skip`, with the reason). A test compares this list with the database's own
 * (information_schema), so a new member-owned table fails CI until it is placed here.
 */
export type MemberColumn =
  | { table: string; column: string; key: "profile" | "user"; export: true; omit?: string[] }
  | { table: string; column: string; key: "profile" | "user"; export: false; reason: string };

export const MEMBER_DATA: MemberColumn[] = [
  { table: "profiles", column: "id", key: "profile", export: true },
  {
    table: "profiles",
    column: "auth_uid",
    key: "user",
    export: false,
    reason: "the same profile row, exported by profiles.id",
  },
  {
    table: "profiles",
    column: "referred_by",
    key: "profile",
    export: false,
    reason: "the invited members' own profiles; the member's referrals are exported from referrals",
  },
  { table: "users", column: "id", key: "user", export: true },
  { table: "sessions", column: "user_id", key: "user", export: true, omit: ["token"] },
  {
    table: "accounts",
    column: "user_id",
    key: "user",
    export: true,
    omit: ["password", "access_token", "refresh_token", "id_token"],
  },
  {
    table: "passkeys",
    column: "user_id",
    key: "user",
    export: true,
    omit: ["public_key", "credential_id"],
  },
  {
    table: "passkey_challenges",
    column: "user_id",
    key: "user",
    export: false,
    reason: "single-use step-up challenges that live a few minutes; nothing about the member",
  },
  {
    table: "two_factors",
    column: "user_id",
    key: "user",
    export: false,
    reason: "the authenticator secret and backup codes are credentials, never copied out",
  },
  { table: "ledger_accounts", column: "profile_id", key: "profile", export: true },
  {
    table: "ledger_transactions",
    column: "actor_profile_id",
    key: "profile",
    export: false,
    reason: "exported with the member's ledger entries (kind and memo of each)",
  },
  {
    table: "ledger_entries",
    column: "counterparty_profile_id",
    key: "profile",
    export: false,
    reason:
      "the other member's entries; the member's own entries are exported through their accounts",
  },
  {
    table: "idempotency_keys",
    column: "profile_id",
    key: "profile",
    export: false,
    reason: "technical replay records, deleted after 24 hours",
  },
  { table: "mail_outbox", column: "profile_id", key: "profile", export: true },
  { table: "audit_events", column: "actor_profile_id", key: "profile", export: true },
  { table: "audit_events", column: "target_profile_id", key: "profile", export: true },
  { table: "swap_transactions", column: "user_id", key: "profile", export: true },
  { table: "user_transfers", column: "sender_id", key: "profile", export: true },
  { table: "user_transfers", column: "recipient_id", key: "profile", export: true },
  { table: "referrals", column: "referrer_user_id", key: "profile", export: true },
  { table: "referrals", column: "referred_user_id", key: "profile", export: true },
  { table: "referral_balance", column: "user_id", key: "profile", export: true },
  { table: "referral_conversions", column: "referred_user_id", key: "profile", export: true },
  { table: "videos", column: "user_id", key: "profile", export: true },
  { table: "video_boosts", column: "user_id", key: "profile", export: true },
  { table: "ads_sessions", column: "user_id", key: "profile", export: true },
  { table: "watch_daily", column: "user_id", key: "profile", export: true },
  { table: "view_requests", column: "requester_id", key: "profile", export: true },
  {
    table: "view_requests",
    column: "matched_with",
    key: "profile",
    export: false,
    reason: "the other member's request",
  },
  { table: "view_request_days", column: "user_id", key: "profile", export: true },
  { table: "market_offers", column: "seller_id", key: "profile", export: true },
  { table: "market_offers", column: "buyer_id", key: "profile", export: true },
  { table: "ranking_entries", column: "profile_id", key: "profile", export: true },
  // ADR 036: the member's deletion requests (scheduled, cancelled).
  { table: "account_deletions", column: "profile_id", key: "profile", export: true },
  // Mystery box, verification, events and rewards.
  {
    table: "box_commitments",
    column: "profile_id",
    key: "profile",
    export: true,
    // The committed seed is secret until its opening reveals it (ADR 015): its hash is exported.
    omit: ["server_seed"],
  },
  { table: "box_openings", column: "profile_id", key: "profile", export: true },
  { table: "account_verifications", column: "profile_id", key: "profile", export: true },
  { table: "daily_event_claims", column: "user_id", key: "profile", export: true },
  { table: "annual_event_claims", column: "user_id", key: "profile", export: true },
  { table: "event_claims", column: "user_id", key: "profile", export: true },
  {
    table: "event_claims",
    column: "granted_by",
    key: "profile",
    export: false,
    reason: "the staff member who granted a bonus; the member's bonuses are exported by user_id",
  },
  { table: "milestone_rewards", column: "user_id", key: "profile", export: true },
  { table: "member_earnings", column: "profile_id", key: "profile", export: true },
  // Earnings on hold (ADR 047).
  { table: "earning_holds", column: "member_id", key: "profile", export: true },
  // Proof of attention (ADR 046): the videos a member reported as unplayable.
  { table: "video_unplayable_reports", column: "user_id", key: "profile", export: true },
  // Proof of reserves (ADR 067): the member's leaves (balance, nonce, index) in each snapshot.
  { table: "reserve_leaves", column: "profile_id", key: "profile", export: true },
  {
    table: "reserve_snapshots",
    column: "taken_by",
    key: "profile",
    export: false,
    reason: "the admin who took a snapshot on demand; the audit log names them too",
  },
  // Withdrawals and the support desk.
  { table: "manual_claims", column: "user_id", key: "profile", export: true },
  {
    table: "manual_claims",
    column: "processed_by",
    key: "profile",
    export: false,
    reason: "the staff member who processed a withdrawal; the member's are exported by user_id",
  },
  {
    table: "manual_claims",
    column: "approved_by",
    key: "profile",
    export: false,
    reason: "the admin who gave the second approval; the member's are exported by user_id",
  },
  {
    table: "payout_sends",
    column: "sent_by",
    key: "profile",
    export: false,
    reason:
      "the staff member who sent a payout from the hot wallet; the member's withdrawals are exported by user_id",
  },
  {
    table: "member_signals",
    column: "member_id",
    key: "profile",
    export: true,
    omit: ["device_hash"],
  },
  {
    table: "member_risk",
    column: "member_id",
    key: "profile",
    export: false,
    reason:
      "a fraud-prevention assessment (ADR 048); what it does (a longer hold, a cash-out pause with its reason) is shown to the member, who can appeal",
  },
  {
    table: "member_enforcement",
    column: "member_id",
    key: "profile",
    export: true,
    omit: ["paused_by", "reviewed_by", "review_requested_by"],
  },
  {
    table: "member_enforcement",
    column: "paused_by",
    key: "profile",
    export: false,
    reason: "the staff member who paused another member's cash-out",
  },
  {
    table: "member_enforcement",
    column: "reviewed_by",
    key: "profile",
    export: false,
    reason: "the staff member who reviewed another member",
  },
  {
    table: "member_enforcement",
    column: "review_requested_by",
    key: "profile",
    export: false,
    reason: "the staff member who asked an admin to review another member",
  },
  { table: "support_requests", column: "user_id", key: "profile", export: true },
  { table: "support_messages", column: "author_id", key: "profile", export: true },
  {
    table: "support_unlocks",
    column: "profile_id",
    key: "profile",
    export: false,
    reason: "a staff session's desk unlock time: an access control record, not the member's data",
  },
  // Notifications (ADR 059). Push subscriptions are exported without their keys.
  { table: "notifications", column: "member_id", key: "profile", export: true },
  { table: "notification_preferences", column: "member_id", key: "profile", export: true },
  {
    table: "push_subscriptions",
    column: "member_id",
    key: "profile",
    export: true,
    omit: ["p256dh", "auth"],
  },
  // The staff member who decided a held referral.
  {
    table: "referrals",
    column: "decided_by",
    key: "profile",
    export: false,
    reason: "the staff member who decided; the member's referrals are exported by their own ids",
  },
];

/**
 * What Settings → "Download my data" promises ("your profile, sign-ins, ledger entries, …
 * and the e-mails we sent you"), each part by the export file that holds it. A test gives a
 * member data of every part and fails when one of these files comes out empty (a part whose
 * rows exist but are not linked to the member, as the sign-up confirmation once was).
 */
export const PROMISED_PARTS = {
  profile: "profiles.id",
  signIns: "sessions.user_id",
  ledgerEntries: "ledger_entries",
  videos: "videos.user_id",
  watchSessions: "ads_sessions.user_id",
  viewRequests: "view_requests.requester_id",
  transfers: "user_transfers.sender_id",
  swaps: "swap_transactions.user_id",
  referrals: "referrals.referrer_user_id",
  marketplaceOffers: "market_offers.seller_id",
  marketplacePurchases: "market_offers.buyer_id",
  rankingPositions: "ranking_entries.profile_id",
  emails: "mail_outbox.profile_id",
} as const;
