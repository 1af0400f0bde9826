import {
  MICRO_PER_USDT,
  microUsdtToViews,
  RATES,
  viewsToMicroUsdt,
  wholeUsdt,
} from "@viewvault/shared";
import { ArrowRight, Repeat2, ShieldCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useMoneyFormat } from "@/lib/use-money-format";
import { cn } from "@/lib/utils";

/** The example amount of the seed's card ("100 views = 10 USDT"); the rate comes from RATES. */
const EXAMPLE_VIEWS = 100n;

/** Swap Center rates: views → USDT and USDT → views, fixed, no hidden fees. */
export function SwapRatesCard({
  showLink = false,
  className,
}: {
  showLink?: boolean;
  className?: string;
}) {
  const { t } = useTranslation("money");
  const fmt = useMoneyFormat();
  const exampleUsdt = viewsToMicroUsdt(EXAMPLE_VIEWS);
  const perUsdt = microUsdtToViews(MICRO_PER_USDT).views;
  const rows = [
    {
      key: "viewsToUsdt",
      ratio: `${fmt.views(EXAMPLE_VIEWS)} : ${fmt.views(exampleUsdt / MICRO_PER_USDT)}`,
      text: t("rates.viewsToUsdtRate", {
        views: fmt.views(EXAMPLE_VIEWS),
        usdt: wholeUsdt(exampleUsdt),
      }),
    },
    {
      key: "usdtToViews",
      ratio: `1 : ${fmt.views(RATES.viewsPerUsdt)}`,
      text: t("rates.usdtToViewsRate", { views: fmt.views(perUsdt) }),
    },
  ];
  return (
    <Card className={cn("overflow-hidden", className)}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Repeat2 aria-hidden="true" className="size-5 text-primary" />
          {t("rates.title")}
        </CardTitle>
        <CardDescription>{t("rates.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <dl className="grid gap-3">
          {rows.map((row) => (
            <div
              key={row.key}
              className="flex items-center justify-between gap-3 rounded-lg border bg-muted/40 px-4 py-3"
            >
              <dt className="grid gap-0.5">
                <span className="text-sm font-medium">{t(`rates.${row.key}`)}</span>
                <span className="text-xs text-muted-foreground">{row.text}</span>
              </dt>
              <dd className="font-mono text-lg font-semibold tabular-nums text-primary">
                {row.ratio}
              </dd>
            </div>
          ))}
        </dl>
        <p className="flex items-center gap-2 text-xs text-muted-foreground">
          <ShieldCheck aria-hidden="true" className="size-4 text-success" />
          {t("rates.fixed")}
        </p>
        {showLink ? (
          <Button asChild variant="outline" className="w-full">
            <Link to="/swap">
              {t("rates.open")}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
