import {
  type TPayoutNetwork,
  type TSupportRequest,
  WITHDRAWAL,
  type WithdrawalDeskAction,
} from "@viewvault/shared";
import { Loader2, Send, Zap } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { errorText } from "@/lib/problem-text";
import { toast } from "@/lib/toast";
import { useMoneyFormat } from "@/lib/use-money-format";
import { useSendFromHotWallet } from "../api/payouts";
import type { useUpdateRequestStatus } from "../api/update-request";

/** Wei (18 decimals) as a short native-coin figure ("0.0421"). */
function nativeCoin(wei: string): string {
  const value = BigInt(wei);
  const whole = value / 10n ** 18n;
  const frac = ((value % 10n ** 18n) / 10n ** 14n).toString().padStart(4, "0");
  return `${whole}.${frac}`;
}

/**
 * A withdrawal's payout on the desk (ADR 058): whether its network is verified on chain or
 * manual, "Sent, confirming n/N" while the chain confirms it, the reason when a transaction went
 * back to the desk, and — with a hot wallet for the network — one click to send it (its token
 * and gas balances and today's cap shown) or to replace a stuck transaction. Above the four-eyes
 * threshold, on every network, the processor first asks an admin's approval (ADR 062).
 */
export function PayoutActions({
  request,
  actions,
  network,
  update,
}: {
  request: TSupportRequest;
  actions: WithdrawalDeskAction[];
  network: TPayoutNetwork | undefined;
  update: ReturnType<typeof useUpdateRequestStatus>;
}) {
  const { t } = useTranslation("support");
  const fmt = useMoneyFormat();
  const send = useSendFromHotWallet();
  const w = request.withdrawal;
  if (!w || !network) return null;
  const hot = network.hotWallet;
  // Above the four-eyes threshold, on every network, an admin approves before anything is sent.
  const needsApproval = actions.includes("requestApproval");
  const mine = actions.includes("complete") || needsApproval;

  function run(action: "send" | "replace") {
    send.mutate(
      { requestId: request.id, action },
      {
        onSuccess: () =>
          toast.success(
            action === "send" ? t("payout.sent", { network: w?.network }) : t("payout.replaced"),
          ),
        onError: (error) => toast.error(errorText(t, error, t("desk.updateFailed"))),
      },
    );
  }

  function askApproval() {
    update.mutate(
      { requestId: request.id, status: "COMPLETED" },
      {
        onSuccess: () => toast.success(t("desk.updated")),
        onError: (error) => toast.error(errorText(t, error, t("desk.updateFailed"))),
      },
    );
  }

  return (
    <div className="grid gap-2 text-xs" data-testid="payout-actions">
      {w.status === "CONFIRMING" ? (
        <p className="font-medium" data-testid="payout-confirming">
          {t("payout.confirming", {
            count: w.confirmations ?? 0,
            required: w.requiredConfirmations ?? network.requiredConfirmations ?? 0,
          })}
        </p>
      ) : null}
      {w.status === "SENT" && w.returnReason ? (
        <p className="text-destructive">{t("payout.returned", { reason: w.returnReason })}</p>
      ) : null}
      {w.status === "SENT" && !network.verified && mine ? (
        <p className="text-muted-foreground">{t("payout.manual")}</p>
      ) : null}
      {w.status === "SENT" && mine && needsApproval ? (
        <>
          <p className="text-muted-foreground">
            {t("payout.requestApprovalHint", {
              amount: fmt.amount(WITHDRAWAL.secondApprovalAboveMicroUsdt, "USDT"),
            })}
          </p>
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={update.isPending}
            onClick={askApproval}
          >
            {t("payout.requestApproval")}
          </Button>
        </>
      ) : null}
      {w.status === "SENT" && mine && hot && !needsApproval ? (
        <>
          <p className="text-muted-foreground" data-testid="hot-wallet">
            {hot.tokenMicroUsdt !== null && hot.gasWei !== null
              ? t("payout.hotWallet", {
                  address: `${hot.address.slice(0, 8)}…`,
                  token: fmt.amount(hot.tokenMicroUsdt, "USDT"),
                  gas: t("payout.gasUnit", { amount: nativeCoin(hot.gasWei) }),
                  remaining: fmt.amount(hot.remainingMicroUsdt, "USDT"),
                  cap: fmt.amount(hot.capMicroUsdt, "USDT"),
                })
              : t("payout.hotWalletUnknown", { address: `${hot.address.slice(0, 8)}…` })}
          </p>
          <Button
            type="button"
            size="sm"
            disabled={send.isPending}
            onClick={() => run("send")}
            data-testid="payout-send"
          >
            {send.isPending ? (
              <Loader2 aria-hidden="true" className="animate-spin" />
            ) : (
              <Send aria-hidden="true" />
            )}
            {send.isPending ? t("payout.sending") : t("payout.send")}
          </Button>
        </>
      ) : null}
      {w.status === "CONFIRMING" && hot && (w.confirmations ?? 0) === 0 && w.processedBy ? (
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={send.isPending}
          onClick={() => run("replace")}
        >
          <Zap aria-hidden="true" />
          {t("payout.replace")}
        </Button>
      ) : null}
    </div>
  );
}
