import { useTranslation } from "react-i18next";
import { MemberPage } from "@/components/layout/member-page";
import { BalanceTiles } from "@/components/money/balance-tiles";
import { TransferForm } from "@/features/transfers/components/transfer-form";
import { TransferHistoryCard } from "@/features/transfers/components/transfer-history-card";
import { useDocumentMeta } from "@/lib/use-document-meta";

/** /transfer: balances, the send form (with confirmation) and sent/received history. */
export function TransferPage() {
  const { t } = useTranslation("transfer");
  useDocumentMeta(t("title"));
  return (
    <MemberPage title={t("title")} subtitle={t("subtitle")} backLabel={t("money:back")}>
      <BalanceTiles />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="grid content-start gap-6">
          <TransferForm />
        </div>
        <div className="grid content-start gap-6">
          <TransferHistoryCard />
        </div>
      </div>
    </MemberPage>
  );
}
