// Every locale file, for the server (the web app loads them lazily, one chunk each).
// A test checks that this lists every file in locales/.
import enActivity from "./en/activity.json" with { type: "json" };
import enAdmin from "./en/admin.json" with { type: "json" };
import enAuth from "./en/auth.json" with { type: "json" };
import enBox from "./en/box.json" with { type: "json" };
import enCommon from "./en/common.json" with { type: "json" };
import enDashboard from "./en/dashboard.json" with { type: "json" };
import enEmails from "./en/emails.json" with { type: "json" };
import enEnforcement from "./en/enforcement.json" with { type: "json" };
import enErrors from "./en/errors.json" with { type: "json" };
import enEvents from "./en/events.json" with { type: "json" };
import enFraud from "./en/fraud.json" with { type: "json" };
import enLanding from "./en/landing.json" with { type: "json" };
import enMailbox from "./en/mailbox.json" with { type: "json" };
import enMarketplace from "./en/marketplace.json" with { type: "json" };
import enMoney from "./en/money.json" with { type: "json" };
import enNotifications from "./en/notifications.json" with { type: "json" };
import enPages from "./en/pages.json" with { type: "json" };
import enProfile from "./en/profile.json" with { type: "json" };
import enRanking from "./en/ranking.json" with { type: "json" };
import enReferrals from "./en/referrals.json" with { type: "json" };
import enSettings from "./en/settings.json" with { type: "json" };
import enSupport from "./en/support.json" with { type: "json" };
import enSwap from "./en/swap.json" with { type: "json" };
import enTransfer from "./en/transfer.json" with { type: "json" };
import enTransparency from "./en/transparency.json" with { type: "json" };
import enVideos from "./en/videos.json" with { type: "json" };
import enWithdraw from "./en/withdraw.json" with { type: "json" };
import ptActivity from "./pt-BR/activity.json" with { type: "json" };
import ptAdmin from "./pt-BR/admin.json" with { type: "json" };
import ptAuth from "./pt-BR/auth.json" with { type: "json" };
import ptBox from "./pt-BR/box.json" with { type: "json" };
import ptCommon from "./pt-BR/common.json" with { type: "json" };
import ptDashboard from "./pt-BR/dashboard.json" with { type: "json" };
import ptEmails from "./pt-BR/emails.json" with { type: "json" };
import ptEnforcement from "./pt-BR/enforcement.json" with { type: "json" };
import ptErrors from "./pt-BR/errors.json" with { type: "json" };
import ptEvents from "./pt-BR/events.json" with { type: "json" };
import ptFraud from "./pt-BR/fraud.json" with { type: "json" };
import ptLanding from "./pt-BR/landing.json" with { type: "json" };
import ptMailbox from "./pt-BR/mailbox.json" with { type: "json" };
import ptMarketplace from "./pt-BR/marketplace.json" with { type: "json" };
import ptMoney from "./pt-BR/money.json" with { type: "json" };
import ptNotifications from "./pt-BR/notifications.json" with { type: "json" };
import ptPages from "./pt-BR/pages.json" with { type: "json" };
import ptProfile from "./pt-BR/profile.json" with { type: "json" };
import ptRanking from "./pt-BR/ranking.json" with { type: "json" };
import ptReferrals from "./pt-BR/referrals.json" with { type: "json" };
import ptSettings from "./pt-BR/settings.json" with { type: "json" };
import ptSupport from "./pt-BR/support.json" with { type: "json" };
import ptSwap from "./pt-BR/swap.json" with { type: "json" };
import ptTransfer from "./pt-BR/transfer.json" with { type: "json" };
import ptTransparency from "./pt-BR/transparency.json" with { type: "json" };
import ptVideos from "./pt-BR/videos.json" with { type: "json" };
import ptWithdraw from "./pt-BR/withdraw.json" with { type: "json" };

export const LOCALE_RESOURCES = {
  en: {
    activity: enActivity,
    admin: enAdmin,
    auth: enAuth,
    box: enBox,
    common: enCommon,
    dashboard: enDashboard,
    emails: enEmails,
    enforcement: enEnforcement,
    errors: enErrors,
    events: enEvents,
    fraud: enFraud,
    landing: enLanding,
    mailbox: enMailbox,
    marketplace: enMarketplace,
    money: enMoney,
    notifications: enNotifications,
    pages: enPages,
    profile: enProfile,
    ranking: enRanking,
    referrals: enReferrals,
    settings: enSettings,
    swap: enSwap,
    transfer: enTransfer,
    transparency: enTransparency,
    support: enSupport,
    videos: enVideos,
    withdraw: enWithdraw,
  },
  "pt-BR": {
    activity: ptActivity,
    admin: ptAdmin,
    auth: ptAuth,
    box: ptBox,
    common: ptCommon,
    dashboard: ptDashboard,
    emails: ptEmails,
    enforcement: ptEnforcement,
    errors: ptErrors,
    events: ptEvents,
    fraud: ptFraud,
    landing: ptLanding,
    mailbox: ptMailbox,
    marketplace: ptMarketplace,
    money: ptMoney,
    notifications: ptNotifications,
    pages: ptPages,
    profile: ptProfile,
    ranking: ptRanking,
    referrals: ptReferrals,
    settings: ptSettings,
    swap: ptSwap,
    transfer: ptTransfer,
    transparency: ptTransparency,
    support: ptSupport,
    videos: ptVideos,
    withdraw: ptWithdraw,
  },
} as const;

export type Namespace = keyof (typeof LOCALE_RESOURCES)["en"];
