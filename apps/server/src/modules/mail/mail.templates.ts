import { interpolate, type Locale, PRODUCT_NAME } from "@viewvault/shared";
import en from "@viewvault/shared/locales/en/emails.json" with { type: "json" };
import pt from "@viewvault/shared/locales/pt-BR/emails.json" with { type: "json" };

const TEXTS = { en, "pt-BR": pt } satisfies Record<Locale, typeof en>;

export type TemplateKind = "verifyEmail" | "resetPassword" | "newSignIn" | "transferReceived";

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** One layout for every e-mail, in the member's language: heading, text, a button and the link. */
export function renderMail(
  kind: TemplateKind,
  locale: Locale,
  values: Record<string, string> & { url: string },
): RenderedMail {
  const t = TEXTS[locale];
  const vars = { product: PRODUCT_NAME, ...values };
  const fill = (s: string) => interpolate(s, vars);
  const part = t[kind];
  const subject = fill(part.subject);
  const heading = fill(part.heading);
  const body = fill(part.body);
  const button = fill(part.button);
  const footer = fill(t.footer);
  const ignore = kind === "newSignIn" || kind === "transferReceived" ? "" : fill(t.ignore);
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
<tr><td style="font-size:12px;color:#6b7280;line-height:1.5;padding-bottom:8px">${escapeHtml(fill(t.linkFallback))}<br><a href="${url}" style="color:#7c3aed;word-break:break-all">${url}</a></td></tr>
${ignore ? `<tr><td style="font-size:12px;color:#6b7280;padding-bottom:8px">${escapeHtml(ignore)}</td></tr>` : ""}
<tr><td style="font-size:11px;color:#9ca3af;border-top:1px solid #e5e7eb;padding-top:16px">${escapeHtml(footer)}</td></tr>
</table></td></tr></table></body></html>`;
  return { subject, text, html };
}
