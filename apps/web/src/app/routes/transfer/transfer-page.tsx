import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { BalanceTiles } from "@/components/money/balance-tiles";
import { Button } from "@/components/ui/button";
import { TransferForm } from "@/features/transfers/components/transfer-form";
import { TransferHistoryCard } from "@/features/transfers/components/transfer-history-card";
import { useDocumentMeta } from "@/lib/use-document-meta";

/** /transfer: balances, the send form (with confirmation) and sent/received history. */
export function TransferPage() {
  const { t } = useTranslation("transfer");
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
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="grid content-start gap-6">
          <TransferForm />
        </div>
        <div className="grid content-start gap-6">
          <TransferHistoryCard />
        </div>
      </div>
    </div>
  );
}
