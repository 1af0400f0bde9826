import { RISK_REASON_COUNTS, type RiskLevel, type TRiskReason } from "@viewvault/shared";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";

/** A risk level as a badge (high stands out). */
export function RiskBadge({ level, score }: { level: RiskLevel; score: number }) {
  const { t } = useTranslation("fraud");
  return (
    <Badge variant={level === "high" ? "default" : "outline"}>
      {t(`level.${level}`)} · {t("member.score", { score })}
    </Badge>
  );
}

/** The score's reasons, each rendered from its code and numbers in the admin's language. */
export function RiskReasons({ reasons }: { reasons: TRiskReason[] }) {
  const { t } = useTranslation("fraud");
  if (reasons.length === 0) {
    return <p className="text-sm text-muted-foreground">{t("reasons.none")}</p>;
  }
  return (
    <ul className="grid gap-1 text-sm">
      {reasons.map((r) => (
        <li key={r.code} className="flex flex-wrap items-baseline gap-2">
          <span className="font-mono text-xs text-muted-foreground tabular-nums">
            {t("reasons.points", { points: r.points })}
          </span>
          <span>
            {t(`reasons.${r.code}`, {
              ...r.params,
              count: Number(r.params[RISK_REASON_COUNTS[r.code]] ?? 0),
            })}
          </span>
        </li>
      ))}
    </ul>
  );
}
