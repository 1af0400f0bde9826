import { PartyPopper } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { errorText } from "@/lib/problem-text";
import { toast } from "@/lib/toast";
import { useMoneyFormat } from "@/lib/use-money-format";
import { useClaimBonus, useRewards } from "../api/rewards";

/** The Event Bonus card: shown only while the member has an AVAILABLE bonus (seed 1 §2). */
export function EventBonusCard() {
  const { t } = useTranslation("events");
  const fmt = useMoneyFormat();
  const headingId = useId();
  const { data } = useRewards();
  const claim = useClaimBonus();
  const bonuses = data?.bonuses ?? [];
  if (bonuses.length === 0) return null;
  return (
    <Card
      role="region"
      aria-labelledby={headingId}
      className="border-primary/40 bg-primary/5"
      data-testid="event-bonus-card"
    >
      <CardContent className="grid gap-4 p-6">
        <h2 id={headingId} className="flex items-center gap-2 font-semibold">
          <PartyPopper aria-hidden="true" className="size-4 text-primary" />
          {t("bonus.title")}
        </h2>
        <ul className="grid gap-3">
          {bonuses.map((bonus) => {
            const amount = fmt.usdt(bonus.claimAmount);
            return (
              <li key={bonus.id} className="flex flex-wrap items-center justify-between gap-3">
                <span className="text-sm">
                  {t("bonus.description", { amount, reason: bonus.reason })}
                </span>
                <Button
                  variant="gradient"
                  disabled={claim.isPending}
                  onClick={() =>
                    claim.mutate(bonus.id, {
                      onSuccess: () => toast.success(t("bonus.success", { amount })),
                      onError: (error) => toast.error(errorText(t, error, t("bonus.failed"))),
                    })
                  }
                >
                  {t("bonus.claim", { amount })}
                </Button>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
