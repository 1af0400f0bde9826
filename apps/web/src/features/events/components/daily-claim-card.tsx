import { useQueryClient } from "@tanstack/react-query";
import { DAILY_CLAIM } from "@viewvault/shared";
import { Gift, Trophy } from "lucide-react";
import { useEffect, useId } from "react";
import { useTranslation } from "react-i18next";
import { OnlineDot } from "@/components/account/online-dot";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { toast } from "@/lib/toast";
import { useMoneyFormat } from "@/lib/use-money-format";
import { eventsQueryKey, useClaimDaily, useEventsState } from "../api/events";
import { useCountdown } from "../hooks/use-countdown";
import { claimFailed } from "./claim-feedback";
import { Countdown } from "./countdown";

/**
 * The Daily First Claim (seed 1 §4): waiting with a countdown to 13:00 Los Angeles time →
 * active with the claim button → won: the winner's username and the countdown to the next day.
 * A winner elsewhere arrives through the live stream.
 */
export function DailyClaimCard() {
  const { t } = useTranslation("events");
  const fmt = useMoneyFormat();
  const headingId = useId();
  const queryClient = useQueryClient();
  const { data } = useEventsState();
  const claim = useClaimDaily();
  const daily = data?.daily;
  const target = !daily
    ? null
    : daily.winner
      ? daily.nextOpensAt
      : daily.open
        ? null
        : daily.opensAt;
  const seconds = useCountdown(target, data?.now, data?.receivedAt);
  // The opening (or the next day) arrived: ask the server for the new state.
  useEffect(() => {
    if (seconds === 0) void queryClient.invalidateQueries({ queryKey: eventsQueryKey });
  }, [seconds, queryClient]);

  const reward = daily ? fmt.views(daily.rewardViews) : "";
  const onClaim = () =>
    claim.mutate(undefined, {
      onSuccess: () => toast.success(t("daily.success", { reward })),
      onError: (error) => claimFailed(t, error, t("daily.tooLate"), t("daily.failed")),
    });

  return (
    <Card role="region" aria-labelledby={headingId} data-testid="daily-claim-card">
      <CardContent className="grid gap-4 p-6">
        <div className="flex items-start justify-between gap-3">
          <h2 id={headingId} className="flex items-center gap-2 font-semibold">
            <Gift aria-hidden="true" className="size-4 text-primary" />
            {t("daily.title")}
          </h2>
          {daily?.open && !daily.winner ? <Badge variant="brand">{t("daily.active")}</Badge> : null}
        </div>
        <p className="text-sm text-muted-foreground">
          {t("daily.description", { hour: `${DAILY_CLAIM.hour}:00`, reward })}
        </p>
        {!daily ? (
          <div className="h-16 animate-pulse rounded bg-muted" />
        ) : daily.winner ? (
          <div className="grid gap-3">
            <div className="flex items-center gap-2 rounded-md bg-muted/50 p-3">
              <Trophy aria-hidden="true" className="size-4 text-warning" />
              <span className="text-sm text-muted-foreground">{t("daily.winner")}</span>
              <span className="flex items-center gap-1.5 font-semibold" data-testid="daily-winner">
                {daily.winner.username}
                <OnlineDot profileId={daily.winner.id} />
              </span>
            </div>
            <div className="grid gap-1">
              <span className="text-xs text-muted-foreground">{t("daily.next")}</span>
              <Countdown seconds={seconds} testId="daily-countdown" />
            </div>
          </div>
        ) : daily.open ? (
          <div className="grid gap-2">
            <Button
              variant="gradient"
              onClick={onClaim}
              disabled={claim.isPending || daily.ineligible !== null}
              data-testid="daily-claim"
            >
              {t("daily.claim", { reward })}
            </Button>
            {daily.ineligible ? (
              <p className="text-xs text-warning">
                {t(`daily.ineligible.${daily.ineligible}`, { days: DAILY_CLAIM.winCooldownDays })}
              </p>
            ) : null}
          </div>
        ) : (
          <div className="grid gap-1">
            <span className="text-xs text-muted-foreground">{t("daily.opensIn")}</span>
            <Countdown seconds={seconds} testId="daily-countdown" />
          </div>
        )}
        <p className="text-xs text-muted-foreground">
          {t("daily.rules", { days: DAILY_CLAIM.winCooldownDays })}
        </p>
      </CardContent>
    </Card>
  );
}
