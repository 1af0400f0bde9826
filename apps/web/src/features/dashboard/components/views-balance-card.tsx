import { viewsToMicroUsdt, wholeUsdt } from "@viewvault/shared";
import { Eye, History, MonitorPlay, Repeat2, Store } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { HeldViewsNote } from "@/components/money/held-views-note";
import { OfflineBalanceNote } from "@/components/money/offline-balance-note";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { toBigBalances, useBalances } from "@/lib/balances";
import { useMoneyFormat } from "@/lib/use-money-format";

/** The seed's example amount for the conversion note; the rate itself comes from RATES. */
const NOTE_VIEWS = 100n;

const ACTIONS = [
  { to: "/feed", key: "watch", icon: MonitorPlay },
  { to: "/swap", key: "swap", icon: Repeat2 },
  { to: "/marketplace", key: "shop", icon: Store },
] as const;

/** Views balance (live) with Assistir, Swap and Shop, and the conversion note. */
export function ViewsBalanceCard() {
  const { t } = useTranslation("dashboard");
  const fmt = useMoneyFormat();
  const balances = toBigBalances(useBalances().data);
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardContent className="grid gap-5 p-6">
        <div className="flex items-start justify-between gap-3">
          <div className="grid gap-1">
            <h2 id={headingId} className="flex items-center gap-2 text-sm font-semibold">
              <Eye aria-hidden="true" className="size-4 text-primary" />
              {t("views.title")}
            </h2>
            <span className="text-xs text-muted-foreground">{t("views.balance")}</span>
          </div>
          <Link
            to="/activity?currency=VIEWS"
            className="flex items-center gap-1 text-xs font-medium text-primary underline-offset-4 hover:underline"
          >
            <History aria-hidden="true" className="size-3.5" />
            {t("views.activity")}
          </Link>
        </div>
        <p className="flex items-baseline gap-2">
          {balances ? (
            <span
              className="text-3xl font-bold tabular-nums sm:text-4xl"
              data-testid="views-balance"
            >
              {fmt.views(balances.views)}
            </span>
          ) : (
            <span className="h-10 w-32 animate-pulse rounded bg-muted" />
          )}
          <span className="text-sm font-semibold text-muted-foreground">
            {t("money:currency.VIEWS")}
          </span>
        </p>
        <HeldViewsNote className="-mt-3" />
        <OfflineBalanceNote className="-mt-3 text-amber-700 dark:text-amber-300" />
        <div className="grid grid-cols-3 gap-2">
          {ACTIONS.map(({ to, key, icon: Icon }) => (
            <Button key={key} asChild variant={key === "swap" ? "gradient" : "outline"}>
              <Link to={to}>
                <Icon aria-hidden="true" />
                {t(`views.${key}`)}
              </Link>
            </Button>
          ))}
        </div>
        <p className="rounded-lg bg-muted/50 px-3 py-2 text-xs text-muted-foreground">
          {t("views.note", {
            views: fmt.views(NOTE_VIEWS),
            usdt: wholeUsdt(viewsToMicroUsdt(NOTE_VIEWS)),
          })}
        </p>
      </CardContent>
    </Card>
  );
}
