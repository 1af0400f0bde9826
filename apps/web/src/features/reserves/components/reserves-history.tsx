import type { TReservesPage } from "@viewvault/shared";
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { useMoneyFormat } from "@/lib/use-money-format";
import { cn } from "@/lib/utils";
import { reservesFileHref } from "../api/get-reserves";
import { coveragePercent, isShort } from "./coverage";

/** Every recent snapshot: date, owed, reserves, coverage, root (with its file). */
export function ReservesHistory({ history }: { history: TReservesPage["history"] }) {
  const { t } = useTranslation("transparency");
  const fmt = useMoneyFormat();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("reserves.history.title")}</CardTitle>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="text-muted-foreground">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                {t("reserves.history.date")}
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                {t("reserves.history.liabilities")}
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                {t("reserves.history.reserves")}
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                {t("reserves.history.coverage")}
              </th>
              <th scope="col" className="py-2 font-medium">
                {t("reserves.history.root")}
              </th>
            </tr>
          </thead>
          <tbody className="tabular-nums">
            {history.map((s) => (
              <tr key={s.id} className="border-t">
                <td className="py-2 pr-3 whitespace-nowrap">{fmt.dateTime(s.takenAt)}</td>
                <td className="py-2 pr-3 whitespace-nowrap">
                  {fmt.amount(s.totalMicroUsdt, "USDT")}
                </td>
                <td className="py-2 pr-3 whitespace-nowrap">
                  {fmt.amount(s.assetsMicroUsdt, "USDT")}
                </td>
                <td
                  className={cn(
                    "py-2 pr-3 whitespace-nowrap",
                    isShort(s.coverageBasisPoints) && "text-destructive",
                  )}
                >
                  {s.coverageBasisPoints === null
                    ? "—"
                    : coveragePercent(s.coverageBasisPoints, fmt.locale)}
                </td>
                <td className="py-2">
                  <a
                    className="font-mono text-xs text-primary underline-offset-4 hover:underline"
                    href={reservesFileHref(s.id)}
                    download={`reserves-${s.id}.json`}
                  >
                    {s.root.slice(0, 12)}…
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}
