import { Crown, Trophy } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { OnlineDot } from "@/components/account/online-dot";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { toast } from "@/lib/toast";
import { useMoneyFormat } from "@/lib/use-money-format";
import { useClaimAnnual, useEventsState } from "../api/events";
import { useCountdown } from "../hooks/use-countdown";
import { claimFailed } from "./claim-feedback";
import { Countdown } from "./countdown";

/**
 * The annual "1 Million Views" event (seed 1 §4): LIVE from 1 January 00:00 UTC until the
 * year's first claim; then the winner and the countdown to the next 1 January.
 */
export function AnnualEventCard() {
  const { t } = useTranslation("events");
  const fmt = useMoneyFormat();
  const headingId = useId();
  const { data } = useEventsState();
  const claim = useClaimAnnual();
  const annual = data?.annual;
  const seconds = useCountdown(
    annual?.winner ? annual.nextOpensAt : null,
    data?.now,
    data?.receivedAt,
  );
  const reward = annual ? fmt.views(annual.rewardViews) : "";
  const onClaim = () =>
    claim.mutate(undefined, {
      onSuccess: () => toast.success(t("annual.success", { reward })),
      onError: (error) => claimFailed(t, error, t("annual.alreadyClaimed"), t("annual.failed")),
    });

  return (
    <Card role="region" aria-labelledby={headingId} data-testid="annual-event-card">
      <CardContent className="grid gap-4 p-6">
        <div className="flex items-start justify-between gap-3">
          <h2 id={headingId} className="flex items-center gap-2 font-semibold">
            <Crown aria-hidden="true" className="size-4 text-primary" />
            {t("annual.title")}
          </h2>
          {annual && !annual.winner ? <Badge variant="brand">{t("annual.live")}</Badge> : null}
        </div>
        <p className="text-sm text-muted-foreground">{t("annual.description", { reward })}</p>
        {!annual ? (
          <div className="h-16 animate-pulse rounded bg-muted" />
        ) : annual.winner ? (
          <div className="grid gap-3">
            <div className="flex flex-wrap items-center gap-2 rounded-md bg-muted/50 p-3">
              <Trophy aria-hidden="true" className="size-4 text-warning" />
              <span className="text-sm text-muted-foreground">
                {t("annual.winner", { year: annual.year })}
              </span>
              <span className="flex items-center gap-1.5 font-semibold" data-testid="annual-winner">
                {annual.winner.username}
                <OnlineDot profileId={annual.winner.id} />
              </span>
            </div>
            <div className="grid gap-1">
              <span className="text-xs text-muted-foreground">{t("annual.next")}</span>
              <Countdown seconds={seconds} testId="annual-countdown" />
            </div>
          </div>
        ) : (
          <div className="grid gap-2">
            <Button
              variant="gradient"
              onClick={onClaim}
              disabled={claim.isPending || annual.ineligible !== null}
              data-testid="annual-claim"
            >
              {t("annual.claim", { reward })}
            </Button>
            {annual.ineligible ? (
              <p className="text-xs text-warning">{t(`annual.ineligible.${annual.ineligible}`)}</p>
            ) : null}
          </div>
        )}
        <p className="text-xs text-muted-foreground">{t("annual.rules")}</p>
      </CardContent>
    </Card>
  );
}
