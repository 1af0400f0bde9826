import type { TMe } from "@viewvault/shared";
import { BadgeCheck, Clock, MailCheck, MailWarning, ShieldCheck, ShieldOff } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { VerifyAction } from "./verify-dialog";

/**
 * Verification ("Pendente" / "Verificada", with Verify while pending), e-mail and two-factor
 * status of the account.
 */
export function AccountStatusCard({ me }: { me: TMe }) {
  const { t } = useTranslation("dashboard");
  const verified = me.profile.isVerified;
  const rows = [
    {
      key: "verification",
      icon: verified ? BadgeCheck : Clock,
      ok: verified,
      value: verified ? t("status.verified") : t("status.pending"),
    },
    {
      key: "email",
      icon: me.user.emailVerified ? MailCheck : MailWarning,
      ok: me.user.emailVerified,
      value: me.user.emailVerified ? t("status.emailConfirmed") : t("status.emailUnconfirmed"),
    },
    {
      key: "twoFactor",
      icon: me.user.twoFactorEnabled ? ShieldCheck : ShieldOff,
      ok: me.user.twoFactorEnabled,
      value: me.user.twoFactorEnabled ? t("status.twoFactorOn") : t("status.twoFactorOff"),
    },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("status.title")}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3">
          {rows.map(({ key, icon: Icon, ok, value }) => (
            <div key={key} className="flex items-center justify-between gap-3">
              <dt className="flex items-center gap-2 text-sm text-muted-foreground">
                <Icon
                  aria-hidden="true"
                  className={ok ? "size-4 text-success" : "size-4 text-warning"}
                />
                {t(`status.${key}`)}
              </dt>
              <dd>
                <Badge variant={ok ? "brand" : "outline"}>{value}</Badge>
              </dd>
            </div>
          ))}
        </dl>
        {!verified ? (
          <div className="mt-4">
            <VerifyAction />
          </div>
        ) : null}
        {!me.user.twoFactorEnabled ? (
          <Link
            to="/settings?tab=security"
            className="mt-4 inline-block text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            {t("status.enableTwoFactor")}
          </Link>
        ) : null}
      </CardContent>
    </Card>
  );
}
