import { DAILY_CLAIM } from "@viewvault/shared";
import { useTranslation } from "react-i18next";
import { OnlineDot } from "@/components/account/online-dot";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useOnline } from "@/lib/presence/presence";
import { useMoneyFormat } from "@/lib/use-money-format";
import { useDailyWinners } from "../api/events";

/** The Daily First Claim winners of the last 30 Los Angeles dates, newest first. */
export function DailyWinnersCard() {
  const { t } = useTranslation("events");
  const fmt = useMoneyFormat();
  const { data } = useDailyWinners();
  const winners = data?.winners ?? [];
  const online = useOnline(winners.map((w) => w.winner.id));
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("winners.title")}</CardTitle>
        <CardDescription>
          {t("winners.subtitle", { days: DAILY_CLAIM.winnersShownDays })}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {!data ? (
          <div className="h-24 animate-pulse rounded bg-muted" />
        ) : winners.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("winners.empty")}</p>
        ) : (
          <table className="w-full text-sm" data-testid="daily-winners">
            <thead className="text-left text-xs text-muted-foreground">
              <tr>
                <th className="pb-2 font-medium">{t("winners.date")}</th>
                <th className="pb-2 font-medium">{t("winners.member")}</th>
              </tr>
            </thead>
            <tbody>
              {winners.map((w) => (
                <tr key={w.date} className="border-t">
                  <td className="py-2 tabular-nums">{fmt.date(`${w.date}T12:00:00Z`)}</td>
                  <td className="py-2">
                    <span className="flex items-center gap-1.5 font-medium">
                      {w.winner.username}
                      <OnlineDot
                        profileId={w.winner.id}
                        online={online.data?.has(w.winner.id) ?? false}
                      />
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}
