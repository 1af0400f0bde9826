import { WITHDRAWAL } from "@viewvault/shared";
import { Info } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { useMoneyFormat } from "@/lib/use-money-format";

/** The seeds' info card, with the figures the server enforces (shared constants). */
export function WithdrawInfoCard() {
  const { t } = useTranslation("withdraw");
  const fmt = useMoneyFormat();
  const usdt = (micro: bigint) => fmt.amount(micro, "USDT");
  const fees = WITHDRAWAL.feesMicroUsdt;
  const lines = [
    t("info.minimum", { min: usdt(WITHDRAWAL.minMicroUsdt) }),
    t("info.fees", { trc20: usdt(fees.TRC20), bep20: usdt(fees.BEP20), erc20: usdt(fees.ERC20) }),
    t("info.processing", {
      min: WITHDRAWAL.processingHours.min,
      max: WITHDRAWAL.processingHours.max,
    }),
    t("info.limits", {
      unverified: usdt(WITHDRAWAL.dailyLimitMicroUsdt.unverified),
      verified: usdt(WITHDRAWAL.dailyLimitMicroUsdt.verified),
    }),
    t("info.approval", { amount: usdt(WITHDRAWAL.secondApprovalAboveMicroUsdt) }),
    t("info.newWallet", { hours: WITHDRAWAL.newAddressHoldHours }),
    t("info.failed"),
    t("info.cancel"),
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Info aria-hidden="true" className="size-5 text-primary" />
          {t("info.title")}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <ul className="grid list-disc gap-1.5 pl-5 text-muted-foreground">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <Link
          to="/withdraw-policy"
          className="text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          {t("info.policy")}
        </Link>
      </CardContent>
    </Card>
  );
}
