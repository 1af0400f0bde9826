import {
  DESK_RISK_DAYS,
  RISK_REASON_COUNTS,
  type RiskReasonCode,
  type TDeskRisk,
} from "@viewvault/shared";
import { ShieldAlert } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { useMoneyFormat } from "@/lib/use-money-format";

/**
 * The withdrawing member as the fraud queue sees them (ADR 071), beside the desk's buttons: risk
 * level, score and reasons in words, their cluster, held and recently cleared earnings, and the
 * share of the withdrawal earned by watching. A high-risk member's payout waits for an admin's
 * review (the database refuses it): the panel says so, shows support's open request for that
 * review, or `askReview` (the desk's "Ask an admin to review") until there is one; an admin
 * viewer (no `askReview`) gets the link to review the member in the fraud queue.
 */
export function DeskRisk({
  risk,
  memberId,
  askReview,
}: {
  risk: TDeskRisk;
  memberId: string;
  /** The desk's button asking an admin for the review (shown while in review, none asked). */
  askReview?: ReactNode;
}) {
  const { t } = useTranslation(["support", "fraud"]);
  const fmt = useMoneyFormat();
  const high = risk.level === "high";
  const asked = risk.reviewRequest;
  return (
    <section
      aria-label={t("support:risk.title")}
      data-testid="desk-risk"
      className={
        high
          ? "grid min-w-0 gap-1 rounded-md border border-destructive/40 bg-destructive/5 p-2"
          : "grid min-w-0 gap-1 rounded-md border p-2"
      }
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={high ? "default" : "outline"} data-testid="desk-risk-level">
          {t(`fraud:level.${risk.level}`)} · {t("fraud:member.score", { score: risk.score })}
        </Badge>
        {risk.cluster ? (
          <span className="text-xs text-muted-foreground">
            {t("fraud:clusters.name", { count: risk.cluster.members.length + 1 })}
          </span>
        ) : null}
      </div>
      {high && risk.inReview ? (
        <p className="flex items-start gap-1 text-destructive" data-testid="desk-risk-review">
          <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{t("support:risk.inReview")}</span>
        </p>
      ) : null}
      {asked ? (
        <div className="grid gap-0.5 text-xs" data-testid="desk-risk-requested">
          <p className="font-medium">
            {asked.requestedBy
              ? t("support:risk.requested", {
                  username: asked.requestedBy.username,
                  date: fmt.dateTime(asked.requestedAt),
                })
              : t("support:risk.requestedNoName", { date: fmt.dateTime(asked.requestedAt) })}
          </p>
          {asked.note ? (
            <p className="break-words whitespace-pre-wrap text-muted-foreground">
              {t("support:risk.requestedNote", { note: asked.note })}
            </p>
          ) : null}
        </div>
      ) : risk.inReview && askReview ? (
        askReview
      ) : null}
      {risk.reasons.length ? (
        <ul className="grid gap-0.5 text-xs">
          {risk.reasons.map((r) => (
            <li key={r.code} className="break-words">
              <span className="font-mono tabular-nums text-muted-foreground">
                {t("fraud:reasons.points", { points: r.points })}
              </span>{" "}
              {t(`fraud:reasons.${r.code}`, {
                ...r.params,
                count: Number(r.params[RISK_REASON_COUNTS[r.code as RiskReasonCode]] ?? 0),
              })}
            </li>
          ))}
        </ul>
      ) : null}
      {risk.cluster ? (
        <p className="text-xs break-words">
          {t("support:risk.cluster", {
            members: risk.cluster.members.map((m) => `@${m.username}`).join(", "),
            networks: risk.cluster.sharedNetworks.join(", ") || "—",
            count: risk.cluster.sharedDevices,
          })}
        </p>
      ) : null}
      <p className="text-xs tabular-nums">
        {t("support:risk.holds", {
          held: fmt.amount(risk.heldViews, "VIEWS"),
          cleared: fmt.amount(risk.clearedViewsRecent, "VIEWS"),
          count: DESK_RISK_DAYS,
        })}
      </p>
      {risk.watchSharePercent !== null ? (
        <p className="text-xs tabular-nums">
          {t("support:risk.watchShare", { percent: risk.watchSharePercent, count: DESK_RISK_DAYS })}
        </p>
      ) : null}
      <Link
        to={`/admin/fraud/members/${memberId}`}
        className="justify-self-start text-xs font-medium text-primary underline-offset-4 hover:underline"
      >
        {risk.inReview && !askReview ? t("support:risk.review") : t("support:risk.evidence")}
      </Link>
    </section>
  );
}
