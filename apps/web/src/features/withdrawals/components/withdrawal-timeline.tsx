import type { TWithdrawal, TWithdrawalStep } from "@viewvault/shared";
import type { TFunction } from "i18next";
import { ExternalLink } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useMoneyFormat } from "@/lib/use-money-format";

/**
 * A withdrawal's timeline (ADR 058): requested → in review → approved (above 1,000) → sent (with
 * the explorer link and the confirmations so far) → confirmed — or, on a manual network, sent by
 * support (recorded, not verified on chain, ADR 073) — or failed with the reason and the refund;
 * a transaction the chain dropped shows why and that support sends it again.
 */
export function WithdrawalTimeline({ withdrawal }: { withdrawal: TWithdrawal }) {
  const { t } = useTranslation("withdraw");
  const fmt = useMoneyFormat();
  const steps = withdrawal.timeline ?? [];
  const lastSent = steps.findLast((s) => s.step === "sent");
  return (
    <details className="text-xs" open={withdrawal.status === "CONFIRMING"}>
      <summary className="cursor-pointer text-muted-foreground">{t("timeline.title")}</summary>
      <ol className="mt-1 grid gap-1 border-l pl-3" data-testid="withdrawal-timeline">
        {steps.map((s, i) => (
          <li key={`${s.step}-${s.at}-${i}`} data-step={s.step}>
            <span className="font-medium">{label(t, s)}</span>{" "}
            <time dateTime={s.at} className="text-muted-foreground">
              {fmt.dateTime(s.at)}
            </time>
            {s.step === "sent" && s === lastSent && withdrawal.status === "CONFIRMING" ? (
              <span className="ml-1 text-muted-foreground">
                {t("timeline.confirmations", {
                  count: withdrawal.confirmations ?? 0,
                  required: withdrawal.requiredConfirmations ?? 0,
                })}
              </span>
            ) : null}
            {s.explorerUrl && LINKED.has(s.step) ? (
              <a
                href={s.explorerUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="ml-1 inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
              >
                {t("timeline.viewTx")}
                <ExternalLink aria-hidden="true" className="size-3" />
              </a>
            ) : null}
          </li>
        ))}
      </ol>
    </details>
  );
}

/** The steps that carry a transaction: sent, confirmed, or recorded by support (ADR 073). */
const LINKED = new Set<TWithdrawalStep["step"]>(["sent", "confirmed", "recorded"]);

function label(t: TFunction<"withdraw">, s: TWithdrawalStep): string {
  if (s.step === "returned") {
    const reason = s.reason ? t(`timeline.reasons.${s.reason}`, { defaultValue: s.reason }) : "";
    return t("timeline.returned", { reason });
  }
  if (s.step === "failed") return t("timeline.failed", { reason: s.reason ?? "" });
  return t(`timeline.${s.step}`);
}
