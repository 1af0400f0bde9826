import { AlertCircle } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { MemberPage } from "@/components/layout/member-page";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { PageSpinner } from "@/components/ui/spinner";
import { CashoutPauseBanner } from "@/features/enforcement/components/cashout-pause-banner";
import { useWithdrawals } from "@/features/withdrawals/api/get-withdrawals";
import { WithdrawBalanceCard } from "@/features/withdrawals/components/withdraw-balance-card";
import { WithdrawForm } from "@/features/withdrawals/components/withdraw-form";
import { WithdrawInfoCard } from "@/features/withdrawals/components/withdraw-info-card";
import { WithdrawalHistoryCard } from "@/features/withdrawals/components/withdrawal-history-card";
import { toast } from "@/lib/toast";
import { useDocumentMeta } from "@/lib/use-document-meta";

/**
 * /withdraw ("USDT Withdrawal"): a cash-out pause (its reason and the appeal), balance card,
 * request form, history and the info card.
 */
export function WithdrawPage() {
  const { t } = useTranslation("withdraw");
  useDocumentMeta(t("title"));
  const query = useWithdrawals();
  const failed = query.isError;
  useEffect(() => {
    if (failed) toast.error(t("messages.loadFailed"));
  }, [failed, t]);
  return (
    <MemberPage title={t("title")} subtitle={t("subtitle")} backLabel={t("money:back")}>
      <CashoutPauseBanner />
      {query.data ? (
        <>
          <WithdrawBalanceCard overview={query.data} />
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
            <div className="grid content-start gap-6">
              <WithdrawForm overview={query.data} />
              <WithdrawInfoCard />
            </div>
            <div className="grid content-start gap-6">
              <WithdrawalHistoryCard withdrawals={query.data.withdrawals} />
            </div>
          </div>
        </>
      ) : failed ? (
        <Alert variant="destructive">
          <AlertCircle aria-hidden="true" />
          <AlertDescription className="text-foreground">
            {t("messages.loadFailed")}
          </AlertDescription>
        </Alert>
      ) : (
        <PageSpinner label={t("title")} />
      )}
    </MemberPage>
  );
}
