import {
  CRYPTO_LAUNCH,
  CRYPTO_LAUNCH_AT,
  cryptoEstimate,
  launchCountdown,
} from "@viewvault/shared";
import { Coins } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Card, CardContent } from "@/components/ui/card";
import { toBigBalances, useBalances } from "@/lib/balances";
import { renderedNow } from "@/lib/server-rendered";
import { useMoneyFormat } from "@/lib/use-money-format";

/** The clock, re-read every second (a test passes `now` instead); a rendered page's at first. */
function useTicking(now: number | undefined): number {
  const [tick, setTick] = useState(renderedNow);
  useEffect(() => {
    if (now !== undefined) return;
    const id = setInterval(() => setTick(Date.now()), 1_000);
    return () => clearInterval(id);
  }, [now]);
  return now ?? tick;
}

/**
 * Views to Crypto Conversion: a countdown to the launch date with the estimate (views × 0.1)
 * and the seed's "not guaranteed" note; after the date it says the date has passed.
 */
export function CryptoCountdownCard({ now }: { now?: number }) {
  const { t } = useTranslation("dashboard");
  const fmt = useMoneyFormat();
  const headingId = useId();
  const current = useTicking(now);
  const balances = toBigBalances(useBalances().data);
  const countdown = launchCountdown(current);
  const date = new Date(CRYPTO_LAUNCH_AT).toLocaleDateString(fmt.locale, {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
  const estimate = balances ? fmt.decimal(cryptoEstimate(balances.views)) : "…";
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardContent className="grid gap-4 p-6">
        <h2 id={headingId} className="flex items-center gap-2 font-semibold">
          <Coins aria-hidden="true" className="size-4 text-primary" />
          {t("crypto.title")}
        </h2>
        {countdown.passed ? (
          <p className="text-sm" data-testid="crypto-passed">
            {t("crypto.passed", { date })}
          </p>
        ) : (
          <>
            <p className="text-sm text-muted-foreground">{t("crypto.description", { date })}</p>
            <dl
              className="grid grid-cols-4 gap-2 text-center"
              aria-label={t("crypto.countdownLabel", { date })}
              data-testid="crypto-countdown"
            >
              {(["days", "hours", "minutes", "seconds"] as const).map((unit) => (
                <div key={unit} className="grid rounded-lg bg-muted/60 px-1 py-2">
                  <dd className="order-1 font-mono text-xl font-bold tabular-nums">
                    {String(countdown[unit]).padStart(unit === "days" ? 1 : 2, "0")}
                  </dd>
                  <dt className="order-2 text-[11px] text-muted-foreground">
                    {t(`crypto.${unit}`)}
                  </dt>
                </div>
              ))}
            </dl>
          </>
        )}
        <div className="grid gap-0.5 rounded-lg border border-border p-3">
          <span className="text-xs text-muted-foreground">{t("crypto.estimate")}</span>
          <span className="font-mono text-lg font-semibold" data-testid="crypto-estimate">
            {estimate}
          </span>
          <span className="text-xs text-muted-foreground">
            {t("crypto.formula", {
              views: balances ? fmt.views(balances.views) : "…",
              rate: fmt.decimal(CRYPTO_LAUNCH.estimatePerView),
            })}
          </span>
        </div>
        <p className="text-xs text-muted-foreground">{t("crypto.note", { date })}</p>
      </CardContent>
    </Card>
  );
}
