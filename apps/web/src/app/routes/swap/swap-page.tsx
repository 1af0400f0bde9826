import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { BalanceTiles } from "@/components/money/balance-tiles";
import { SwapRatesCard } from "@/components/money/swap-rates-card";
import { Button } from "@/components/ui/button";
import { SwapForm } from "@/features/swap/components/swap-form";
import { SwapHistoryCard } from "@/features/swap/components/swap-history-card";
import { useDocumentMeta } from "@/lib/use-document-meta";

/** /swap "Swap Center": both directions, live preview, balances, rates and the last 5 swaps. */
export function SwapPage() {
  const { t } = useTranslation("swap");
  useDocumentMeta(t("title"));
  return (
    <div className="mx-auto grid max-w-5xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-8 sm:px-6 sm:py-10">
      <div className="grid gap-3">
        <Button asChild variant="ghost" className="justify-self-start">
          <Link to="/dashboard">
            <ArrowLeft aria-hidden="true" />
            {t("money:back")}
          </Link>
        </Button>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("title")}</h1>
        <p className="text-muted-foreground">{t("subtitle")}</p>
      </div>
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
    </div>
  );
}
