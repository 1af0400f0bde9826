import { Share2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { CopyButton } from "@/components/account/copy-button";
import { QrCode } from "@/components/account/qr-code";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { referralLink } from "@/lib/referral-link";

/**
 * The member's invite link {origin}/@{username}, shown whole (wrapped in a narrow column, never
 * cut to "http://localhost:"), a copy button and its QR code.
 */
export function ReferralCard({ username }: { username: string }) {
  const { t } = useTranslation("dashboard");
  const link = referralLink(username);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Share2 aria-hidden="true" className="size-5 text-primary" />
          {t("referral.title")}
        </CardTitle>
        <CardDescription>{t("referral.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-2">
          <output
            aria-label={t("referral.linkLabel")}
            data-testid="referral-link"
            className="block rounded-md border bg-muted/40 px-3 py-2 font-mono text-sm break-all select-all"
          >
            {link}
          </output>
          <CopyButton
            text={link}
            label={t("referral.copy")}
            className="w-full sm:w-auto sm:justify-self-start"
          />
        </div>
        <div className="flex justify-center">
          <QrCode value={link} label={t("referral.qrLabel", { link })} size={160} />
        </div>
      </CardContent>
    </Card>
  );
}
