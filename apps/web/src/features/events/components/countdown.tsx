import { useTranslation } from "react-i18next";
import { splitDuration } from "../hooks/use-countdown";

/** A countdown in tabular figures: "2d 03:04:05" or "03:04:05". */
export function Countdown({ seconds, testId }: { seconds: number | null; testId?: string }) {
  const { t } = useTranslation("events");
  if (seconds === null) return null;
  const { days, time } = splitDuration(seconds);
  return (
    <span className="font-mono text-2xl font-bold tabular-nums" data-testid={testId}>
      {days > 0 ? t("countdown.days", { count: days, time }) : t("countdown.time", { time })}
    </span>
  );
}
