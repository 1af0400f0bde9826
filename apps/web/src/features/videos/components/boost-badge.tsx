import { Sparkles } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";
import { timeLeft } from "../feed-filters";

/** "Limited Edition" and the time the boost has left (not the seed's "30d"). */
export function BoostBadge({ until, now }: { until: string; now: number }) {
  const { t } = useTranslation("videos");
  const { hours, minutes } = timeLeft(until, now);
  const time =
    hours > 0
      ? t("time.hoursMinutes", { hours, minutes })
      : minutes > 0
        ? t("time.minutes", { minutes })
        : t("time.lessThanMinute");
  return (
    <Badge className="border-transparent bg-linear-to-r from-amber-500 to-orange-500 text-white shadow">
      <Sparkles aria-hidden="true" />
      {t("card.boostBadge")}
      {/* Adopted a moment after the server rendered it (ADR 084): a minute may have passed. */}
      <span className="font-normal opacity-90" suppressHydrationWarning>
        {`· ${t("card.timeLeft", { time })}`}
      </span>
    </Badge>
  );
}
