import { REFERRAL } from "@viewvault/shared";
import { Calculator } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ReferralBadge } from "@/components/account/referral-badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { FieldError, Label } from "@/components/ui/label";
import { badgeFor, monthlyCommission, signupViews } from "@/lib/referral-math";
import { useMoneyFormat } from "@/lib/use-money-format";

const DEFAULT_MONTHLY_USDT = "100";

/** The seeds' examples (10, 50, 100 referrals): sign-up views and an example commission. */
export function ReferralCalculations() {
  const { t } = useTranslation("referrals");
  const fmt = useMoneyFormat();
  const ids = useId();
  const [monthly, setMonthly] = useState(DEFAULT_MONTHLY_USDT);
  const valid = monthlyCommission(1, monthly) !== null;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Calculator aria-hidden="true" className="size-5 text-primary" />
          {t("calculations.title")}
        </CardTitle>
        <CardDescription>
          {t("calculations.description", {
            views: fmt.views(REFERRAL.signupRewardViews),
            percent: REFERRAL.commissionPercent,
          })}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="grid gap-2 sm:max-w-xs">
          <Label htmlFor={`${ids}-monthly`}>{t("calculations.monthlyLabel")}</Label>
          <div className="relative">
            <Input
              id={`${ids}-monthly`}
              inputMode="decimal"
              autoComplete="off"
              className="pr-16 tabular-nums"
              value={monthly}
              aria-invalid={valid ? undefined : true}
              aria-describedby={`${ids}-monthly-error ${ids}-monthly-hint`}
              onChange={(event) => setMonthly(event.target.value)}
            />
            <span className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-sm font-medium text-muted-foreground">
              USDT
            </span>
          </div>
          <FieldError id={`${ids}-monthly-error`}>
            {valid ? null : t("calculations.invalid")}
          </FieldError>
          <p id={`${ids}-monthly-hint`} className="text-xs text-muted-foreground">
            {t("calculations.monthlyHint", { percent: REFERRAL.commissionPercent })}
          </p>
        </div>
        <div className="overflow-x-auto rounded-lg border">
          <table className="w-full text-sm">
            <caption className="sr-only">{t("calculations.caption")}</caption>
            <thead className="bg-muted/50 text-left text-xs text-muted-foreground uppercase">
              <tr>
                <th scope="col" className="px-3 py-3 sm:px-4 font-medium">
                  {t("calculations.referrals")}
                </th>
                <th scope="col" className="hidden px-3 py-3 sm:px-4 font-medium sm:table-cell">
                  {t("calculations.badge")}
                </th>
                <th scope="col" className="px-3 py-3 sm:px-4 text-right font-medium">
                  {t("calculations.signupViews")}
                </th>
                <th scope="col" className="px-3 py-3 sm:px-4 text-right font-medium">
                  {t("calculations.commission")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {REFERRAL.calculationExamples.map((n) => {
                const commission = monthlyCommission(n, monthly);
                return (
                  <tr key={n}>
                    <th
                      scope="row"
                      className="px-3 py-3 sm:px-4 text-left font-semibold tabular-nums"
                    >
                      {fmt.views(BigInt(n))}
                    </th>
                    <td className="hidden px-3 py-3 sm:px-4 sm:table-cell">
                      <ReferralBadge badge={badgeFor(n)} />
                    </td>
                    <td className="px-3 py-3 sm:px-4 text-right tabular-nums">
                      {fmt.amount(signupViews(n), "VIEWS")}
                    </td>
                    <td className="px-3 py-3 sm:px-4 text-right font-medium tabular-nums text-success">
                      {commission ? `${fmt.usdt(commission.total)} USDT` : "—"}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <p className="text-xs text-muted-foreground">{t("calculations.note")}</p>
      </CardContent>
    </Card>
  );
}
