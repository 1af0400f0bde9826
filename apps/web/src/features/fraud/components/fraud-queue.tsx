import { RISK, RISK_SIGNALS, type TFraudMember } from "@viewvault/shared";
import { Network, Smartphone, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PageSpinner } from "@/components/ui/spinner";
import { useMoneyFormat } from "@/lib/use-money-format";
import { useFraudQueue } from "../api/get-fraud-queue";
import { RiskBadge, RiskReasons } from "./risk-reasons";

/** Support's open request for this member's review, from the payout desk (ADR 071). */
function ReviewRequested({ request }: { request: NonNullable<TFraudMember["reviewRequest"]> }) {
  const { t } = useTranslation("fraud");
  const fmt = useMoneyFormat();
  const date = fmt.dateTime(request.requestedAt);
  return (
    <div className="grid gap-0.5 text-xs" data-testid="fraud-review-requested">
      <p className="text-muted-foreground">
        {request.requestedBy
          ? t("member.reviewRequestedBy", { username: request.requestedBy.username, date })
          : t("member.reviewRequestedAt", { date })}
      </p>
      {request.note ? <p className="break-words whitespace-pre-wrap">{request.note}</p> : null}
    </div>
  );
}

function MemberRow({ m }: { m: TFraudMember }) {
  const { t } = useTranslation("fraud");
  return (
    <li className="grid gap-2 rounded-lg border p-3">
      <div className="flex flex-wrap items-center gap-2">
        <Link
          className="font-medium text-primary hover:underline focus-visible:underline"
          to={`/admin/fraud/members/${m.member.id}`}
          aria-label={t("member.open", { username: m.member.username })}
        >
          @{m.member.username}
        </Link>
        <RiskBadge level={m.level} score={m.score} />
        {m.cashoutPaused ? <Badge variant="secondary">{t("member.paused")}</Badge> : null}
        {m.suspended ? <Badge variant="secondary">{t("member.suspended")}</Badge> : null}
        {m.reviewRequest ? <Badge>{t("member.reviewRequested")}</Badge> : null}
      </div>
      {m.reviewRequest ? <ReviewRequested request={m.reviewRequest} /> : null}
      <RiskReasons reasons={m.reasons} />
    </li>
  );
}

/** The fraud queue: clusters (shared device or network) and high-risk members, each a link. */
export function FraudQueue() {
  const { t } = useTranslation("fraud");
  const fmt = useMoneyFormat();
  const queue = useFraudQueue();
  if (queue.isPending) return <PageSpinner label={t("common:a11y.loading")} />;
  if (queue.isError) return <p className="text-sm text-destructive">{t("loadFailed")}</p>;
  const { clusters, highRisk, computedAt } = queue.data;
  return (
    <div className="grid gap-6">
      <p className="text-xs text-muted-foreground">
        {computedAt ? t("computedAt", { date: fmt.dateTime(computedAt) }) : t("notComputed")}
      </p>
      <Card>
        <CardHeader>
          <CardTitle>{t("clusters.title")}</CardTitle>
          <CardDescription>
            {t("clusters.description", { days: RISK_SIGNALS.windowDays })}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {clusters.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("clusters.empty")}</p>
          ) : (
            <ul className="grid gap-4">
              {clusters.map((c) => (
                <li key={c.id}>
                  <section
                    className="grid gap-3 rounded-lg border bg-muted/30 p-4"
                    aria-label={t("clusters.name", { count: c.members.length })}
                    data-testid="fraud-cluster"
                  >
                    <h3 className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm font-semibold">
                      <span className="inline-flex items-center gap-1">
                        <Users aria-hidden="true" className="size-4" />
                        {t("clusters.name", { count: c.members.length })}
                      </span>
                      <span className="inline-flex items-center gap-1 font-normal">
                        <Smartphone aria-hidden="true" className="size-4" />
                        {t("clusters.devices", { count: c.sharedDevices })}
                      </span>
                      <span className="inline-flex items-center gap-1 font-normal break-all">
                        <Network aria-hidden="true" className="size-4" />
                        {c.sharedNetworks.length
                          ? t("clusters.networks", { networks: c.sharedNetworks.join(", ") })
                          : t("clusters.noNetworks")}
                      </span>
                    </h3>
                    <ul className="grid gap-2 md:grid-cols-2">
                      {c.members.map((m) => (
                        <MemberRow key={m.member.id} m={m} />
                      ))}
                    </ul>
                  </section>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("high.title")}</CardTitle>
          <CardDescription>{t("high.description", { highAt: RISK.highAt })}</CardDescription>
        </CardHeader>
        <CardContent>
          {highRisk.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("high.empty")}</p>
          ) : (
            <ul className="grid gap-2 md:grid-cols-2">
              {highRisk.map((m) => (
                <MemberRow key={m.member.id} m={m} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
