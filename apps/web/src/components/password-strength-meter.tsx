import { useTranslation } from "react-i18next";
import { cn } from "@/lib/utils";

const LEVELS = ["veryWeak", "weak", "fair", "good", "strong"] as const;
const COLOURS = [
  "bg-destructive",
  "bg-destructive",
  "bg-amber-500",
  "bg-emerald-500",
  "bg-emerald-600",
];

/** A password's strength (a zxcvbn score 0–4) as four bars and a word, announced politely. */
export function PasswordStrengthMeter({ score, id }: { score: number | null; id?: string }) {
  const { t } = useTranslation("common");
  if (score === null) return null;
  const level = LEVELS[score] ?? "veryWeak";
  return (
    <div id={id} className="grid gap-1" aria-live="polite">
      <div className="grid grid-cols-4 gap-1" aria-hidden="true">
        {[1, 2, 3, 4].map((bar) => (
          <span
            key={bar}
            className={cn(
              "h-1.5 rounded-full",
              bar <= Math.max(score, 1) ? COLOURS[score] : "bg-muted",
            )}
          />
        ))}
      </div>
      <p className="text-xs text-muted-foreground">
        {t("passwordStrength.label", { level: t(`passwordStrength.${level}`) })}
      </p>
    </div>
  );
}
