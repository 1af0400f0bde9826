import type { TReferralEntry } from "@viewvault/shared";
import { useTranslation } from "react-i18next";
import { MemberChip } from "@/components/account/member-chip";
import { OnlineDot } from "@/components/account/online-dot";
import { useMoneyFormat } from "@/lib/use-money-format";
import { cn } from "@/lib/utils";

const STATUS_STYLE = {
  PAID: "bg-success/10 text-success",
  HELD: "bg-warning/15 text-warning",
  REJECTED: "bg-destructive/10 text-destructive",
} as const;

/** One referral: the invited member (online dot), when, what it earned, and its status. */
export function ReferralRow({ referral }: { referral: TReferralEntry }) {
  const { t } = useTranslation("referrals");
  const fmt = useMoneyFormat();
  return (
    <li className="flex items-start gap-3 py-3" data-testid="referral-row">
      <div className="grid min-w-0 flex-1 gap-1">
        <span className="flex min-w-0 items-center gap-2">
          <MemberChip
            username={referral.referred.username}
            isVerified={referral.referred.isVerified}
            avatarClassName="size-7 text-xs"
            className="text-sm"
          />
          <OnlineDot profileId={referral.referred.id} />
        </span>
        <time dateTime={referral.createdAt} className="text-xs text-muted-foreground">
          {fmt.date(referral.createdAt)}
        </time>
        <ReferralEarnings referral={referral} />
      </div>
      <span
        className={cn(
          "shrink-0 rounded-full px-2 py-0.5 text-xs font-medium",
          STATUS_STYLE[referral.status],
        )}
      >
        {t(`status.${referral.status}`)}
      </span>
    </li>
  );
}

/**
 * Whose money is whose: what the referrer earned from this referral (the sign-up view and the
 * commission so far), and the invited member's welcome bonus, which is theirs, not the
 * referrer's.
 */
function ReferralEarnings({ referral }: { referral: TReferralEntry }) {
  const { t } = useTranslation("referrals");
  const fmt = useMoneyFormat();
  if (referral.status !== "PAID") {
    return (
      <span className="text-xs text-muted-foreground">
        {referral.status === "HELD" ? t("recent.onHold") : t("recent.notPaid")}
      </span>
    );
  }
  const earned = [
    fmt.amount(referral.earnedViews, "VIEWS", { signed: true }),
    ...(BigInt(referral.earnedUsdt) > 0n
      ? [fmt.amount(referral.earnedUsdt, "USDT", { signed: true })]
      : []),
  ].join(" · ");
  return (
    <>
      <span className="text-xs font-medium text-success tabular-nums">
        {t("recent.youEarned", { amount: earned })}
      </span>
      {BigInt(referral.usdtBonus) > 0n ? (
        <span className="text-xs text-muted-foreground tabular-nums">
          {t("recent.welcomeBonus", {
            username: referral.referred.username,
            amount: fmt.amount(referral.usdtBonus, "USDT"),
          })}
        </span>
      ) : null}
    </>
  );
}
