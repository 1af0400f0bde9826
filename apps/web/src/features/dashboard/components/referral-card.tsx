import { Share2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { CopyButton } from "@/components/account/copy-button";
import { QrCode } from "@/components/account/qr-code";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { referralLink } from "@/lib/referral-link";

/** The member's invite link {origin}/@{username}, a copy button and its QR code. */
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
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            readOnly
            value={link}
            aria-label={t("referral.linkLabel")}
            className="font-mono text-sm"
            onFocus={(event) => event.target.select()}
          />
          <CopyButton text={link} label={t("referral.copy")} />
        </div>
        <div className="flex justify-center">
          <QrCode value={link} label={t("referral.qrLabel", { link })} size={160} />
        </div>
      </CardContent>
    </Card>
  );
}
