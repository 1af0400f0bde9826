import { WEB_VITALS, type WebVitalName } from "@viewvault/shared";
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useWebVitals } from "../api/get-web-vitals";

/** web.dev's "good" limits: a p75 above one is shown as needing work. */
const GOOD: Record<WebVitalName, number> = { LCP: 2.5, INP: 0.2, CLS: 0.1, FCP: 1.8, TTFB: 0.8 };

const shown = (metric: WebVitalName, value: number) =>
  metric === "CLS"
    ? value.toFixed(3)
    : value < 1
      ? `${Math.round(value * 1000)} ms`
      : `${value.toFixed(2)} s`;

/** Members' speed (field data, ADR 066): the 75th percentile of each vital per route and language. */
export function WebVitalsCard() {
  const { t } = useTranslation("admin");
  const vitals = useWebVitals();
  const byPage = new Map<string, Map<WebVitalName, { p75: number; count: number }>>();
  for (const row of vitals.data?.rows ?? []) {
    const key = `${row.route} ${row.lang}`;
    const page = byPage.get(key) ?? new Map();
    page.set(row.metric, { p75: row.p75, count: row.count });
    byPage.set(key, page);
  }
  return (
    // min-w-0: in the overview's grid the table scrolls inside its card, never widens the page.
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>{t("overview.vitals.title")}</CardTitle>
        <CardDescription>{t("overview.vitals.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        {vitals.isError ? (
          <p className="text-sm text-destructive">{t("loadFailed")}</p>
        ) : byPage.size === 0 ? (
          <p className="text-sm text-muted-foreground">
            {vitals.isPending ? t("common:a11y.loading") : t("overview.vitals.none")}
          </p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <thead>
                <tr className="text-left text-muted-foreground">
                  <th scope="col" className="py-1 pr-3 font-medium">
                    {t("overview.vitals.route")}
                  </th>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    {t("overview.vitals.lang")}
                  </th>
                  {WEB_VITALS.map((metric) => (
                    <th key={metric} scope="col" className="py-1 pr-3 text-right font-medium">
                      {metric}
                    </th>
                  ))}
                  <th scope="col" className="py-1 text-right font-medium">
                    {t("overview.vitals.loads")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {[...byPage].map(([key, page]) => {
                  const [route, lang] = key.split(" ");
                  const loads = Math.max(...[...page.values()].map((v) => v.count));
                  return (
                    <tr key={key} className="border-t">
                      <th scope="row" className="py-1 pr-3 text-left font-mono font-normal">
                        {route}
                      </th>
                      <td className="py-1 pr-3">{lang}</td>
                      {WEB_VITALS.map((metric) => {
                        const value = page.get(metric);
                        return (
                          <td
                            key={metric}
                            className={
                              value && value.p75 > GOOD[metric]
                                ? "py-1 pr-3 text-right tabular-nums text-destructive"
                                : "py-1 pr-3 text-right tabular-nums"
                            }
                          >
                            {value ? shown(metric, value.p75) : "–"}
                          </td>
                        );
                      })}
                      <td className="py-1 text-right tabular-nums">{loads}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
