import type { TPublicProfile } from "@viewvault/shared";
import { ArrowLeft, Calendar, Settings, UsersRound } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { MemberChip } from "@/components/account/member-chip";
import { OnlineDot } from "@/components/account/online-dot";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { currentLocale } from "@/lib/i18n";
import { formatMemberSince } from "./member-since";
import { ProfileAvatar } from "./profile-avatar";

/** What a signed-in member sees on /@username. */
export function PublicProfileCard({
  profile,
  isSelf,
  children,
}: {
  profile: TPublicProfile;
  isSelf: boolean;
  /** More about the member below the card (their collection). */
  children?: ReactNode;
}) {
  const { t } = useTranslation("profile");
  const locale = currentLocale();
  return (
    <div className="mx-auto grid max-w-2xl gap-6 px-4 py-10 sm:px-6 sm:py-16">
      <Button asChild variant="ghost" className="justify-self-start">
        <Link to="/dashboard">
          <ArrowLeft aria-hidden="true" />
          {t("backToDashboard")}
        </Link>
      </Button>
      <Card>
        <CardContent className="flex flex-col items-center gap-4 pt-6 text-center sm:flex-row sm:text-left">
          <ProfileAvatar username={profile.username} />
          <div className="grid gap-2">
            <div className="flex flex-wrap items-center justify-center gap-2 sm:justify-start">
              <MemberChip
                username={profile.username}
                isVerified={profile.isVerified}
                showAvatar={false}
                nameAs="h1"
                nameClassName="text-2xl font-bold tracking-tight"
                verifiedLabel={t("verified")}
                className="flex-wrap justify-center sm:justify-start"
              />
              <OnlineDot profileId={profile.id} />
            </div>
            <p className="flex items-center justify-center gap-1.5 text-sm text-muted-foreground sm:justify-start">
              <Calendar aria-hidden="true" className="size-4" />
              {t("memberSince", { date: formatMemberSince(profile.memberSince, locale) })}
            </p>
            <p className="flex items-center justify-center gap-1.5 text-sm sm:justify-start">
              <UsersRound aria-hidden="true" className="size-4 text-primary" />
              {t("referrals", { count: profile.referralCount })}
            </p>
          </div>
        </CardContent>
      </Card>
      {isSelf ? (
        <Alert>
          <AlertDescription className="flex flex-wrap items-center justify-between gap-3 text-foreground">
            {t("isYou")}
            <Button asChild size="sm" variant="outline">
              <Link to="/settings">
                <Settings aria-hidden="true" />
                {t("editProfile")}
              </Link>
            </Button>
          </AlertDescription>
        </Alert>
      ) : null}
      {children}
    </div>
  );
}
