import { PauseCircle, ShieldAlert } from "lucide-react";
import { Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { lazyPart } from "@/lib/lazy-part";
import { useMoneyFormat } from "@/lib/use-money-format";
import { useOwnEnforcement } from "../api/get-own-enforcement";

// The appeal's form and dialog load when it is opened (ADR 076).
const AppealDialog = lazyPart(() =>
  import("./appeal-dialog").then((module) => module.AppealDialog),
);

/**
 * An account in review (high risk, not yet reviewed: earnings on hold wait, ADR 071), and
 * a paused member's banner (dashboard, withdraw page): cash-out is paused, why, since when, and
 * the appeal (a support request, prefilled) or where the appeal stands. Nothing when not paused.
 */
export function CashoutPauseBanner() {
  const { t } = useTranslation("enforcement");
  const fmt = useMoneyFormat();
  const enforcement = useOwnEnforcement();
  const [appealing, setAppealing] = useState(false);
  const paused = enforcement.data?.cashoutPaused;
  const review = enforcement.data?.inReview ? (
    <Alert variant="warning" data-testid="account-in-review">
      <ShieldAlert aria-hidden="true" />
      <AlertTitle>{t("review.title")}</AlertTitle>
      <AlertDescription className="grid gap-2">
        <p>{t("review.explain")}</p>
        <p>
          <Link className="font-medium text-primary underline" to="/support">
            {t("review.contact")}
          </Link>
        </p>
      </AlertDescription>
    </Alert>
  ) : null;
  if (!paused) return review;
  return (
    <>
      {review}
      <Alert variant="warning" data-testid="cashout-paused">
        <PauseCircle aria-hidden="true" />
        <AlertTitle>{t("paused.title")}</AlertTitle>
        <AlertDescription className="grid gap-2">
          <p>
            <span className="font-medium text-foreground">{t("paused.reasonLabel")} </span>
            <span data-testid="cashout-paused-reason">{paused.reason}</span>
          </p>
          <p className="text-xs">{t("paused.since", { date: fmt.dateTime(paused.pausedAt) })}</p>
          <p>{t("paused.explain")}</p>
          {paused.appealRequestId ? (
            <p>
              {t("paused.appealed")}{" "}
              <Link className="font-medium text-primary underline" to="/support">
                {t("paused.seeAppeal")}
              </Link>
            </p>
          ) : (
            <div>
              <Button size="sm" onClick={() => setAppealing(true)}>
                {t("paused.appeal")}
              </Button>
            </div>
          )}
        </AlertDescription>
        {appealing ? (
          <Suspense fallback={null}>
            <AppealDialog reason={paused.reason} onClose={() => setAppealing(false)} />
          </Suspense>
        ) : null}
      </Alert>
    </>
  );
}
