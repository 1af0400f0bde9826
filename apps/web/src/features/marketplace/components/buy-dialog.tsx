import type { TOffer } from "@viewvault/shared";
import { ShoppingCart } from "lucide-react";
import { useTranslation } from "react-i18next";
import { MemberChip } from "@/components/account/member-chip";
import { MoneyConfirmDialog } from "@/components/money/money-confirm-dialog";
import { ApiError } from "@/lib/api-client";
import { useBalances } from "@/lib/balances";
import { errorText } from "@/lib/problem-text";
import { toast } from "@/lib/toast";
import type { useBuyOffer } from "../api/offers";
import { useOfferFormat } from "../use-offer-format";

/**
 * Shows what the buyer gets and pays before anything moves. "Buy" goes through the offers list's
 * idempotent mutation: a double click buys once, a retry after a lost answer replays the same
 * purchase (same key), and the button is disabled while it runs.
 */
export function BuyDialog({
  offer,
  mutation,
  onClose,
}: {
  offer: TOffer;
  mutation: ReturnType<typeof useBuyOffer>;
  onClose: () => void;
}) {
  const { t } = useTranslation("marketplace");
  const fmt = useOfferFormat();
  const figures = fmt.figures(offer);
  const usdt = useBalances().data?.usdt;

  function confirm() {
    mutation.mutate(offer.id, {
      onSuccess: () => {
        toast.success(t("messages.bought"), {
          description: t("messages.boughtDetail", { views: figures.views, total: figures.total }),
        });
        onClose();
      },
      onError: (error) => {
        toast.error(errorText(t, error, t("messages.buyFailed")));
        // A refusal ends the intent (sold, cancelled, not enough USDT); a lost answer keeps the
        // dialog open so the retry replays the same purchase.
        if (error instanceof ApiError && error.refused) onClose();
      },
    });
  }

  return (
    <MoneyConfirmDialog
      title={t("confirm.title")}
      description={t("confirm.description")}
      final={t("confirm.final")}
      icon={<ShoppingCart aria-hidden="true" />}
      submitLabel={t("confirm.submit", { total: figures.total })}
      pendingLabel={t("confirm.buying")}
      pending={mutation.isPending}
      onConfirm={confirm}
      onCancel={onClose}
    >
      <div className="grid grid-cols-2 gap-3 text-center">
        <div className="grid gap-1">
          <span className="text-xs font-medium text-muted-foreground uppercase">
            {t("confirm.views")}
          </span>
          <span className="text-xl font-bold tabular-nums" data-testid="confirm-views">
            {figures.views}
          </span>
        </div>
        <div className="grid gap-1">
          <span className="text-xs font-medium text-muted-foreground uppercase">
            {t("confirm.total")}
          </span>
          <span className="text-xl font-bold tabular-nums" data-testid="confirm-total">
            {figures.total}
          </span>
        </div>
      </div>
      <p className="text-center text-sm text-muted-foreground">
        {t("confirm.price", { price: figures.price })}
      </p>
      <div className="flex items-center justify-between gap-3 rounded-lg border bg-background p-3">
        <span className="text-xs text-muted-foreground">{t("confirm.seller")}</span>
        <MemberChip username={offer.seller.username} isVerified={offer.seller.isVerified} />
      </div>
      {usdt !== undefined ? (
        <p className="text-xs text-muted-foreground">
          {t("confirm.balance", { amount: fmt.amount(usdt, "USDT") })}
        </p>
      ) : null}
    </MoneyConfirmDialog>
  );
}
