import { Share2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { CopyButton } from "@/components/account/copy-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { referralLink } from "@/lib/referral-link";
import { ShareButtons } from "./share-buttons";

/** The member's invite link with a copy button ("Link Copiado!") and the share buttons. */
export function ReferralLinkCard({ username }: { username: string }) {
  const { t } = useTranslation("referrals");
  const link = referralLink(username);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Share2 aria-hidden="true" className="size-5 text-primary" />
          {t("link.title")}
        </CardTitle>
        <CardDescription>{t("link.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            readOnly
            value={link}
            aria-label={t("link.label")}
            className="font-mono text-sm"
            onFocus={(event) => event.target.select()}
          />
          <CopyButton text={link} label={t("link.copy")} />
        </div>
        <ShareButtons link={link} />
      </CardContent>
    </Card>
  );
}
