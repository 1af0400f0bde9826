import { useTranslation } from "react-i18next";
import { MemberPage } from "@/components/layout/member-page";
import { BalanceTiles } from "@/components/money/balance-tiles";
import { SwapRatesCard } from "@/components/money/swap-rates-card";
import { SwapForm } from "@/features/swap/components/swap-form";
import { SwapHistoryCard } from "@/features/swap/components/swap-history-card";
import { useDocumentMeta } from "@/lib/use-document-meta";

/** /swap "Swap Center": both directions, live preview, balances, rates and the last 5 swaps. */
export function SwapPage() {
  const { t } = useTranslation("swap");
  useDocumentMeta(t("title"));
  return (
    <MemberPage title={t("title")} subtitle={t("subtitle")} backLabel={t("money:back")}>
      <BalanceTiles />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="grid content-start gap-6">
          <SwapForm />
        </div>
        <div className="grid content-start gap-6">
          <SwapRatesCard />
          <SwapHistoryCard />
        </div>
      </div>
    </MemberPage>
  );
}
