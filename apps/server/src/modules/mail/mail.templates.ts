import {
  ACCOUNT_DELETION,
  explorerUrl,
  formatUsdt,
  formatViews,
  type Locale,
  type Network,
  NOTIFICATION_KINDS,
  notificationLink,
  notificationTextParams,
  PRODUCT_NAME,
  parseUserAgent,
  type TNotificationKind,
  WITHDRAWAL,
} from "@viewvault/shared";
import { translator } from "../../lib/i18n";

export type TemplateKind =
  | "verifyEmail"
  | "resetPassword"
  | "newSignIn"
  | "transferReceived"
  | "offerSold"
  | "walletChanged"
  | "passkeyAdded"
  | "passkeyRemoved"
  | "withdrawalSubmitted"
  | "withdrawalCompleted"
  | "withdrawalFailed"
  | "withdrawalCancelled"
  | "withdrawalSupport"
  | "supportReply"
  | "accountDeletionScheduled"
  | "accountDeletionCancelled"
  | "accountDeletionDone"
  | "videoUnplayable";

/** Notices that are not a reply to something the reader asked for: no "ignore this" line. */
const NO_IGNORE_LINE: TemplateKind[] = [
  "newSignIn",
  "passkeyAdded",
  "passkeyRemoved",
  "transferReceived",
  "offerSold",
  "withdrawalSubmitted",
  "withdrawalCompleted",
  "withdrawalFailed",
  "withdrawalCancelled",
  "withdrawalSupport",
  "supportReply",
  "accountDeletionCancelled",
  "accountDeletionDone",
  "videoUnplayable",
];

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** "Chrome on Linux" in the reader's language, from a User-Agent header. */
export function describeDevice(userAgent: string, locale: Locale): string {
  const t = translator(locale);
  const { browser, os } = parseUserAgent(userAgent);
  return t("emails:device.named", {
    browser: browser ?? t("emails:device.unknownBrowser"),
    os: os ?? t("emails:device.unknownSystem"),
  });
}

/** One layout for every e-mail, in the member's language: heading, text, a button and the link. */
export function renderMail(
  kind: TemplateKind,
  locale: Locale,
  values: Record<string, string> & { url: string },
): RenderedMail {
  const t = translator(locale);
  const fill = (key: string) => t(`emails:${key}`, { product: PRODUCT_NAME, ...values });
  return layout(locale, values.url, {
    subject: fill(`${kind}.subject`),
    heading: fill(`${kind}.heading`),
    body: fill(`${kind}.body`),
    button: fill(`${kind}.button`),
    ignore: NO_IGNORE_LINE.includes(kind) ? "" : fill("ignore"),
  });
}

/**
 * A notification's e-mail (ADR 059) for the kinds without an e-mail of their own: the
 * inbox's title and text in the member's language, and a button to where it happened.
 */
export function renderNotificationMail(
  kind: TNotificationKind,
  locale: Locale,
  params: Record<string, string>,
  publicUrl: string,
): RenderedMail {
  const t = translator(locale);
  const values = notificationTextParams(kind, params);
  return layout(locale, `${publicUrl}${notificationLink(kind, params)}`, {
    subject: t(`notifications:kinds.${kind}.title`, values),
    heading: t(`notifications:kinds.${kind}.title`, values),
    body: t(`notifications:kinds.${kind}.body`, values),
    button: t("notifications:open"),
    ignore: "",
  });
}

function layout(
  locale: Locale,
  rawUrl: string,
  parts: { subject: string; heading: string; body: string; button: string; ignore: string },
): RenderedMail {
  const t = translator(locale);
  const fill = (key: string) => t(`emails:${key}`, { product: PRODUCT_NAME });
  const { subject, heading, body, button, ignore } = parts;
  const values = { url: rawUrl };
  const footer = fill("footer");
  const text = [heading, "", body, "", `${button}: ${values.url}`, "", ignore, "", footer]
    .filter((line, i, all) => !(line === "" && all[i - 1] === ""))
    .join("\n");
  const url = escapeHtml(values.url);
  const html = `<!doctype html><html lang="${locale}"><body style="margin:0;background:#f4f4f7;font-family:Arial,Helvetica,sans-serif;color:#111827">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:520px;background:#ffffff;border-radius:12px;padding:32px" cellpadding="0" cellspacing="0">
<tr><td style="font-size:20px;font-weight:bold;color:#7c3aed;padding-bottom:16px">${escapeHtml(PRODUCT_NAME)}</td></tr>
<tr><td style="font-size:22px;font-weight:bold;padding-bottom:12px">${escapeHtml(heading)}</td></tr>
<tr><td style="font-size:15px;line-height:1.6;padding-bottom:24px">${escapeHtml(body)}</td></tr>
<tr><td style="padding-bottom:24px"><a href="${url}" style="display:inline-block;background:#7c3aed;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold">${escapeHtml(button)}</a></td></tr>
<tr><td style="font-size:12px;color:#6b7280;line-height:1.5;padding-bottom:8px">${escapeHtml(fill("linkFallback"))}<br><a href="${url}" style="color:#7c3aed;word-break:break-all">${url}</a></td></tr>
${ignore ? `<tr><td style="font-size:12px;color:#6b7280;padding-bottom:8px">${escapeHtml(ignore)}</td></tr>` : ""}
<tr><td style="font-size:11px;color:#9ca3af;border-top:1px solid #e5e7eb;padding-top:16px">${escapeHtml(footer)}</td></tr>
</table></td></tr></table></body></html>`;
  return { subject, text, html };
}

type WithdrawalNotice =
  | "withdrawalSubmitted"
  | "withdrawalCompleted"
  | "withdrawalFailed"
  | "withdrawalCancelled"
  | "withdrawalSupport";

/** A withdrawal's notice: amounts, the transaction and its timeline (ADR 058). */
function renderWithdrawalNotice(
  template: WithdrawalNotice,
  locale: Locale,
  params: Record<string, string>,
  publicUrl: string,
): RenderedMail {
  const t = translator(locale);
  const usdt = (value: string | undefined) =>
    t("money:units.usdt", { amount: formatUsdt(BigInt(value ?? "0"), locale) });
  // The timeline (ADR 058): "Requested 20 Nov 2026, 12:00 UTC → … → Confirmed …".
  const when = new Intl.DateTimeFormat(locale, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "UTC",
  });
  const steps = (params.steps ?? "")
    .split("|")
    .filter(Boolean)
    .map((entry) => {
      const [step = "", at = ""] = entry.split("@");
      const label = t(`withdraw:timeline.${step}`, { reason: params.reason ?? "" });
      return `${label} ${when.format(new Date(at))} UTC`;
    })
    .join(" → ");
  const txHash = params.txHash ?? "";
  const network = (params.network ?? "TRC20") as Network;
  return renderMail(template, locale, {
    ...params,
    txHash,
    explorerUrl: params.explorerUrl ?? (txHash ? explorerUrl(network, txHash) : ""),
    confirmed: params.confirmations
      ? t("emails:withdrawalCompleted.onChain", { count: Number(params.confirmations) })
      : t("emails:withdrawalCompleted.recorded"),
    timeline: steps ? t("emails:timeline", { steps }) : "",
    url: template === "withdrawalSupport" ? `${publicUrl}/support` : `${publicUrl}/withdraw`,
    amount: usdt(params.amount),
    fee: usdt(params.fee),
    net: usdt(params.net),
    hoursMin: String(WITHDRAWAL.processingHours.min),
    hoursMax: String(WITHDRAWAL.processingHours.max),
  });
}

/**
 * A notice a money command queued (template and raw params), rendered in the member's language
 * when it is delivered.
 */
export function renderNotice(
  template: string,
  locale: Locale,
  params: Record<string, string>,
  publicUrl: string,
): RenderedMail {
  const t = translator(locale);
  switch (template) {
    case "transferReceived": {
      const minor = BigInt(params.amount ?? "0");
      const amount =
        params.currency === "USDT"
          ? t("money:units.usdt", { amount: formatUsdt(minor, locale) })
          : t("money:units.views", { amount: formatViews(minor, locale), count: Number(minor) });
      return renderMail("transferReceived", locale, {
        url: `${publicUrl}/activity`,
        amount,
        sender: `@${params.sender ?? ""}`,
      });
    }
    case "offerSold":
      return renderMail("offerSold", locale, {
        url: `${publicUrl}/marketplace`,
        views: t("money:units.views", {
          amount: formatViews(BigInt(params.views ?? "0"), locale),
          count: Number(params.views ?? "0"),
        }),
        total: t("money:units.usdt", { amount: formatUsdt(BigInt(params.total ?? "0"), locale) }),
        buyer: `@${params.buyer ?? ""}`,
      });
    case "walletChanged":
      return renderMail("walletChanged", locale, {
        url: `${publicUrl}/settings`,
        network: params.network ?? "",
        address: params.address ?? "",
        hours: params.hours ?? "",
      });
    case "passkeyAdded":
    case "passkeyRemoved":
      return renderMail(template, locale, {
        url: `${publicUrl}/settings?tab=security`,
        name: params.name ?? "",
      });
    case "supportAnswered":
    case "supportReply":
      return renderMail("supportReply", locale, {
        url: `${publicUrl}/support`,
        body: params.body ?? "",
      });
    case "withdrawalSubmitted":
    case "withdrawalCompleted":
    case "withdrawalFailed":
    case "withdrawalCancelled":
    case "withdrawalSupport":
      return renderWithdrawalNotice(template, locale, params, publicUrl);
    case "accountDeletionScheduled": {
      const date = new Intl.DateTimeFormat(locale, {
        dateStyle: "long",
        timeStyle: "short",
        timeZone: "UTC",
      }).format(new Date(params.dueAt ?? 0));
      return renderMail(template, locale, {
        url: `${publicUrl}/auth`,
        date: `${date} UTC`,
        days: String(ACCOUNT_DELETION.graceDays),
      });
    }
    case "accountDeletionCancelled":
      return renderMail(template, locale, { url: `${publicUrl}/settings` });
    case "accountDeletionDone":
      return renderMail(template, locale, { url: publicUrl });
    default:
      if (template in NOTIFICATION_KINDS)
        return renderNotificationMail(template as TNotificationKind, locale, params, publicUrl);
      throw new Error(`unknown notice template ${template}`);
  }
}
