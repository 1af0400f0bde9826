import { useTranslation } from "react-i18next";
import { splitDuration } from "../hooks/use-countdown";

/**
 * A countdown in tabular figures: "2d 03:04:05" or "03:04:05". On a page the server rendered
 * (ADR 084) the browser adopts it a moment later, when a second may have passed: the text may
 * differ from the markup's for that moment, and the next tick (a second later) shows its own.
 */
export function Countdown({ seconds, testId }: { seconds: number | null; testId?: string }) {
  const { t } = useTranslation("events");
  if (seconds === null) return null;
  const { days, time } = splitDuration(seconds);
  return (
    <span
      className="font-mono text-2xl font-bold tabular-nums"
      data-testid={testId}
      suppressHydrationWarning
    >
      {days > 0 ? t("countdown.days", { count: days, time }) : t("countdown.time", { time })}
    </span>
  );
}
