import { formatUsdt, INVITE, type TPublicProfile } from "@viewvault/shared";
import { Calendar, Gift, LogIn, PlayCircle, Repeat2, UsersRound } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { currentLocale } from "@/lib/i18n";
import { formatMemberSince } from "./member-since";
import { ProfileAvatar } from "./profile-avatar";
import { VerifiedBadge } from "./verified-badge";

/** "10" rather than "10.00" for a whole amount in a headline. */
function headlineUsdt(micro: bigint, locale: string): string {
  return formatUsdt(micro, locale).replace(/[.,]00$/, "");
}

/** What a visitor sees on /@username: who invites them, the sign-up bonus and two ways in. */
export function InviteLanding({ inviter }: { inviter: TPublicProfile }) {
  const { t } = useTranslation("profile");
  const locale = currentLocale();
  const bonus = headlineUsdt(INVITE.signupBonusMicroUsdt, locale);
  const perks = [
    { icon: PlayCircle, key: "watch" },
    { icon: Repeat2, key: "convert" },
    { icon: UsersRound, key: "refer" },
  ] as const;
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-10 sm:px-6 sm:py-16">
      <Card className="overflow-hidden">
        <div className="h-24 bg-linear-to-r from-brand-from to-brand-to sm:h-28" />
        <CardContent className="-mt-12 flex flex-col items-center gap-3 text-center">
          <ProfileAvatar username={inviter.username} className="border-4 border-card" />
          <div className="flex flex-wrap items-center justify-center gap-2">
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
              {t("invite.title", { username: inviter.username })}
            </h1>
            {inviter.isVerified ? <VerifiedBadge /> : null}
          </div>
          <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
            <Calendar aria-hidden="true" className="size-4" />
            {t("memberSince", { date: formatMemberSince(inviter.memberSince, locale) })}
          </p>
          <p className="max-w-lg text-muted-foreground">{t("invite.subtitle")}</p>

          <div className="mt-2 flex w-full max-w-md items-center gap-3 rounded-xl border border-success/30 bg-success/10 px-4 py-3 text-left">
            <Gift aria-hidden="true" className="size-8 shrink-0 text-success" />
            <div>
              <p className="text-lg font-bold">{t("invite.bonus", { amount: bonus })}</p>
              <p className="text-sm text-muted-foreground">{t("invite.bonusDetail")}</p>
            </div>
          </div>

          <div className="mt-4 flex w-full max-w-md flex-col gap-3 sm:flex-row">
            <Button asChild variant="gradient" size="lg" className="flex-1">
              <Link to={`/auth?ref=${encodeURIComponent(inviter.username)}`}>
                <Gift aria-hidden="true" />
                {t("invite.register")}
              </Link>
            </Button>
            <Button asChild variant="outline" size="lg" className="flex-1">
              <Link to="/auth">
                <LogIn aria-hidden="true" />
                {t("invite.login")}
              </Link>
            </Button>
          </div>
        </CardContent>
      </Card>

      <ul className="grid gap-4 sm:grid-cols-3">
        {perks.map(({ icon: Icon, key }) => (
          <li key={key} className="rounded-xl border bg-card p-5">
            <Icon aria-hidden="true" className="size-6 text-primary" />
            <h2 className="mt-3 font-semibold">{t(`invite.perks.${key}.title`)}</h2>
            <p className="mt-1 text-sm text-muted-foreground">{t(`invite.perks.${key}.text`)}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
