import type { TActivityEntry } from "@viewvault/shared";
import {
  ArrowDownLeft,
  ArrowUpRight,
  BadgeCheck,
  Eye,
  Gift,
  Handshake,
  type LucideIcon,
  Megaphone,
  Package,
  Percent,
  Receipt,
  Repeat2,
  Rocket,
  SlidersHorizontal,
  Undo2,
  Users,
  Video,
} from "lucide-react";
import { useTranslation } from "react-i18next";
import { useMoneyFormat } from "@/lib/use-money-format";
import { cn } from "@/lib/utils";
import { activityLabel } from "../activity-label";

const ICONS: Record<string, LucideIcon> = {
  swap: Repeat2,
  signup_bonus: Gift,
  referral_reward: Users,
  referral_commission: Percent,
  video_post: Video,
  watch_reward: Eye,
  hold_clear: Eye,
  hold_claw_back: Undo2,
  boost: Rocket,
  view_request: Megaphone,
  view_request_match: Handshake,
  view_request_refund: Undo2,
  mystery_box: Package,
  verification: BadgeCheck,
  adjustment: SlidersHorizontal,
};

/** One ledger entry: reason, date, signed amount (coloured) and the balance after it. */
export function ActivityRow({ entry }: { entry: TActivityEntry }) {
  const { t } = useTranslation("activity");
  const fmt = useMoneyFormat();
  const negative = entry.amount.startsWith("-");
  const Icon =
    entry.kind === "transfer"
      ? negative
        ? ArrowUpRight
        : ArrowDownLeft
      : (ICONS[entry.kind] ?? Receipt);
  const balanceAfter = fmt.amount(entry.balanceAfter, entry.currency);
  // An entry of the held account (earnings on hold, ADR 047): its balance is the pending one.
  const held = entry.account === "held";
  const holdNote =
    held && entry.holdStatus === "HELD" && entry.clearsAt
      ? t("row.held", { time: fmt.when(entry.clearsAt) })
      : held && entry.holdStatus === "CLAWED_BACK"
        ? t("row.clawedBack")
        : null;
  return (
    <li className="flex items-center gap-3 px-4 py-3 sm:px-6" data-testid="activity-row">
      <span
        className={cn(
          "flex size-10 shrink-0 items-center justify-center rounded-full",
          negative ? "bg-muted text-muted-foreground" : "bg-success/10 text-success",
        )}
      >
        <Icon aria-hidden="true" className="size-4" />
      </span>
      <div className="grid min-w-0 flex-1 gap-0.5">
        <span className="truncate text-sm font-medium">{activityLabel(t, entry)}</span>
        <time dateTime={entry.createdAt} className="text-xs text-muted-foreground">
          {fmt.dateTime(entry.createdAt)}
        </time>
        {holdNote ? (
          <span className="text-xs font-medium text-amber-700 dark:text-amber-300">{holdNote}</span>
        ) : null}
      </div>
      <div className="grid shrink-0 justify-items-end gap-0.5 text-right">
        <span
          className={cn(
            "text-sm font-semibold tabular-nums",
            negative ? "text-destructive" : "text-success",
          )}
        >
          {fmt.amount(entry.amount, entry.currency, { signed: true })}
        </span>
        <span className="text-xs text-muted-foreground tabular-nums">
          {t(held ? "row.pendingBalance" : "row.balanceAfter", { amount: balanceAfter })}
        </span>
      </div>
    </li>
  );
}
