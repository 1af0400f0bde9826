import { formatUsdt, formatViews, type Locale } from "@viewvault/shared";
import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { type EmailPrefs, profiles, users } from "../../db/schema";
import type { Mailer } from "../mail/mail.service";
import { renderMail } from "../mail/mail.templates";
import type { TransferNotice } from "./transfers.service";

/** E-mails the recipient of a transfer, if they want transaction e-mails (Settings → Notifications). */
export async function notifyTransferReceived(
  tx: Tx,
  mailer: Mailer,
  publicUrl: string,
  notice: TransferNotice,
): Promise<void> {
  const [recipient] = await tx
    .select({ email: users.email, locale: profiles.locale, prefs: profiles.emailPrefs })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.authUid))
    .where(eq(profiles.id, notice.recipientId));
  if (!recipient || !(recipient.prefs as EmailPrefs).transactions) return;
  const locale = recipient.locale as Locale;
  const amount =
    notice.transferType === "VIEWS"
      ? `${formatViews(notice.amount, locale)} views`
      : `${formatUsdt(notice.amount, locale)} USDT`;
  const mail = renderMail("transferReceived", locale, {
    url: `${publicUrl}/activity`,
    amount,
    sender: `@${notice.senderUsername}`,
  });
  await mailer.queue(tx, { to: recipient.email, kind: "transfer-received", ...mail });
}
