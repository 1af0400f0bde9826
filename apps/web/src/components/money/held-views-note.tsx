import { useTranslation } from "react-i18next";
import { toBigBalances, useBalances } from "@/lib/balances";
import { useMoneyFormat } from "@/lib/use-money-format";
import { cn } from "@/lib/utils";

/**
 * Views earned and still on hold (ADR 047), apart from the available balance, with when the first
 * of them clears: "Pending: 12 views · clears from 14:05". Nothing while nothing is on hold.
 */
export function HeldViewsNote({ className }: { className?: string }) {
  const { t } = useTranslation("money");
  const fmt = useMoneyFormat();
  const balances = toBigBalances(useBalances().data);
  if (!balances || balances.heldViews <= 0n || !balances.heldNextClearAt) return null;
  return (
    <span className={cn("text-xs text-muted-foreground", className)} data-testid="held-views">
      {t("balances.held", {
        amount: fmt.amount(balances.heldViews, "VIEWS"),
        time: fmt.when(balances.heldNextClearAt),
      })}
    </span>
  );
}
