import { MILESTONES } from "@viewvault/shared";
import { Flag } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { errorText } from "@/lib/problem-text";
import { toast } from "@/lib/toast";
import { useMoneyFormat } from "@/lib/use-money-format";
import { useClaimMilestone, useRewards } from "../api/rewards";

/**
 * Milestone rewards (seed 1 §2): the levels, the member's lifetime earned views and the
 * AVAILABLE rewards by milestone ascending, each claimed once.
 */
export function MilestoneRewardsCard() {
  const { t } = useTranslation("events");
  const fmt = useMoneyFormat();
  const headingId = useId();
  const { data } = useRewards();
  const claim = useClaimMilestone();
  // The seed's "1K, 5K, 10K", from the shared levels.
  const levels = MILESTONES.map((m) => `${m.views / 1000n}K`).join(", ");
  return (
    <Card role="region" aria-labelledby={headingId} data-testid="milestones-card">
      <CardContent className="grid gap-4 p-6">
        <h2 id={headingId} className="flex items-center gap-2 font-semibold">
          <Flag aria-hidden="true" className="size-4 text-primary" />
          {t("milestones.title")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("milestones.description", { levels })}</p>
        {data ? (
          <p className="text-sm">
            {t("milestones.earned", { views: fmt.views(data.earnedViews) })}
          </p>
        ) : null}
        {data?.milestones.length ? (
          <ul className="grid gap-3">
            {data.milestones.map((m) => {
              const amount = fmt.usdt(m.rewardUsdt);
              return (
                <li key={m.id} className="flex flex-wrap items-center justify-between gap-3">
                  <span className="text-sm font-medium">
                    {t("milestones.item", { views: fmt.views(m.milestoneViews) })}
                  </span>
                  <Button
                    variant="gradient"
                    disabled={claim.isPending}
                    onClick={() =>
                      claim.mutate(m.id, {
                        onSuccess: () => toast.success(t("milestones.success", { amount })),
                        onError: (error) =>
                          toast.error(errorText(t, error, t("milestones.failed"))),
                      })
                    }
                  >
                    {t("milestones.claim", { amount })}
                  </Button>
                </li>
              );
            })}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}
