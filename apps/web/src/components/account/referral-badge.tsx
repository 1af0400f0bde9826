import { Award, Gem, Medal } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { BadgeId } from "@/lib/referral-math";
import { cn } from "@/lib/utils";

const STYLES: Record<BadgeId, { icon: typeof Medal; className: string }> = {
  silver: {
    icon: Medal,
    className: "border-slate-400/40 bg-slate-400/15 text-slate-700 dark:text-slate-200",
  },
  gold: {
    icon: Award,
    className: "border-amber-500/40 bg-amber-400/15 text-amber-700 dark:text-amber-300",
  },
  diamond: {
    icon: Gem,
    className: "border-cyan-500/40 bg-cyan-400/15 text-cyan-700 dark:text-cyan-300",
  },
};

/** Silver / Gold / Diamond, or "No badge yet". */
export function ReferralBadge({ badge, className }: { badge: BadgeId | null; className?: string }) {
  const { t } = useTranslation("referrals");
  if (!badge) {
    return (
      <span
        className={cn(
          "inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-xs font-medium text-muted-foreground",
          className,
        )}
      >
        <Medal aria-hidden="true" className="size-3.5" />
        {t("badges.none")}
      </span>
    );
  }
  const { icon: Icon, className: style } = STYLES[badge];
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-xs font-semibold",
        style,
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {t(`badges.${badge}`)}
    </span>
  );
}
