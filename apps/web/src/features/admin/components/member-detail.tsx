import type { TAdminMemberDetail, TAuditEvent, TSupportRequest } from "@viewvault/shared";
import { AlertTriangle, ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DeskRisk } from "@/components/staff/desk-risk";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { useMoneyFormat } from "@/lib/use-money-format";
import { AuditEventList } from "./audit-event-list";
import { MemberStatus } from "./member-status";

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm break-all">{children}</dd>
    </div>
  );
}

function memberLink(member: { id: string; username: string }) {
  return (
    <Link
      className="font-medium text-primary underline-offset-4 hover:underline"
      to={`/admin/members/${member.id}`}
    >
      @{member.username}
    </Link>
  );
}

/** The member page's read-only sections: profile, balances, ledger, sessions, referrals, flags, audit. */
export function MemberDetail({ detail }: { detail: TAdminMemberDetail }) {
  const { t } = useTranslation("admin");
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <ProfileCard m={detail.member} />
      <BalancesCard detail={detail} />
      <FlagsCard detail={detail} />
      <SessionsCard detail={detail} />
      <Card>
        <CardHeader>
          <CardTitle>{t("member.withdrawals")}</CardTitle>
        </CardHeader>
        <CardContent>
          <RequestList
            requests={detail.supportRequests.filter((r) => r.requestType === "WITHDRAWAL")}
            empty={t("member.noWithdrawals")}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t("member.supportRequests")}</CardTitle>
        </CardHeader>
        <CardContent>
          <RequestList
            requests={detail.supportRequests.filter((r) => r.requestType !== "WITHDRAWAL")}
            empty={t("member.noSupportRequests")}
          />
        </CardContent>
      </Card>

      <Card className="lg:col-span-2">
        <CardHeader>
          <CardTitle>{t("member.audit")}</CardTitle>
        </CardHeader>
        <CardContent>
          <AuditTrail events={detail.audit} />
        </CardContent>
      </Card>
    </div>
  );
}

/** The profile: who the member is, how they signed up. */
function ProfileCard({ m }: { m: TAdminMemberDetail["member"] }) {
  const { t } = useTranslation("admin");
  const fmt = useMoneyFormat();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("member.profile")}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 sm:grid-cols-2">
          <Field label={t("member.id")}>
            <span className="font-mono text-xs">{m.id}</span>
          </Field>
          <Field label={t("member.email")}>{m.email}</Field>
          <Field label={t("member.role")}>{t(`roles.${m.role}`)}</Field>
          <Field label={t("member.status")}>
            <MemberStatus member={m} />
          </Field>
          <Field label={t("member.joined")}>{fmt.dateTime(m.createdAt)}</Field>
          <Field label={t("member.locale")}>{t(`member.languages.${m.locale}`)}</Field>
          <Field label={t("member.twoFactor")}>
            {m.twoFactorEnabled ? t("member.on") : t("member.off")}
          </Field>
          <Field label={t("member.wallet")}>
            {m.walletAddress ? `${m.walletNetwork} · ${m.walletAddress}` : t("member.none")}
          </Field>
          <Field label={t("member.signup")}>
            {m.signupIp ?? t("member.none")}
            {m.signupUserAgent ? (
              <span className="block text-xs text-muted-foreground">{m.signupUserAgent}</span>
            ) : null}
          </Field>
        </dl>
      </CardContent>
    </Card>
  );
}

/** The balances and the latest ledger entries. */
function BalancesCard({ detail }: { detail: TAdminMemberDetail }) {
  const { t } = useTranslation("admin");
  const fmt = useMoneyFormat();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("member.balances")}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 sm:grid-cols-3">
          <Field label={t("member.views")}>{fmt.amount(detail.balances.views, "VIEWS")}</Field>
          <Field label={t("member.usdt")}>{fmt.amount(detail.balances.usdt, "USDT")}</Field>
          <Field label={t("member.pendingUsdt")}>
            {fmt.amount(detail.balances.pendingUsdt, "USDT")}
          </Field>
        </dl>
        <h3 className="mt-6 mb-2 text-sm font-semibold">{t("member.ledger")}</h3>
        {detail.ledger.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("member.noLedger")}</p>
        ) : (
          <ul className="grid gap-1 text-sm">
            {detail.ledger.map((e) => (
              <li
                key={e.id}
                className="flex flex-wrap justify-between gap-x-3 border-b py-1 last:border-0"
              >
                <span>
                  <span data-testid="ledger-kind">
                    {t(`member.ledgerKinds.${e.kind}`, { defaultValue: e.kind })}
                  </span>{" "}
                  <span className="text-xs text-muted-foreground">{fmt.dateTime(e.createdAt)}</span>
                </span>
                <span className="tabular-nums" data-testid="ledger-amount">
                  {fmt.amount(e.amount, e.currency, { signed: true })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** The shared-address flags, the referrer and the referrals. */
function FlagsCard({ detail }: { detail: TAdminMemberDetail }) {
  const { t } = useTranslation("admin");
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          {detail.flags.length || detail.risk?.reasons.length ? (
            <AlertTriangle aria-hidden="true" className="size-5 text-warning" />
          ) : (
            <ShieldCheck aria-hidden="true" className="size-5 text-primary" />
          )}
          {t("member.flags")}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {/* The fraud queue's own score, reasons and cluster (one source, ADR 071). */}
        {detail.risk && (detail.risk.reasons.length || detail.risk.score > 0) ? (
          <DeskRisk risk={detail.risk} memberId={detail.member.id} />
        ) : null}
        {detail.flags.length === 0 && !detail.risk?.reasons.length ? (
          <p className="text-sm text-muted-foreground">{t("member.noFlags")}</p>
        ) : detail.flags.length === 0 ? null : (
          <ul className="grid gap-2">
            {detail.flags.map((f) => (
              <li key={`${f.kind}-${f.address}`}>
                <Badge variant="outline" className="whitespace-normal">
                  {t(`member.flag.${f.kind}`, {
                    address: f.address,
                    accounts: f.accounts,
                    count: f.accounts,
                  })}
                </Badge>
              </li>
            ))}
          </ul>
        )}
        <div className="grid gap-1 text-sm">
          <h3 className="font-semibold">{t("member.referrer")}</h3>
          {detail.referrer ? (
            memberLink(detail.referrer)
          ) : (
            <p className="text-muted-foreground">{t("member.noReferrer")}</p>
          )}
        </div>
        <div className="grid gap-1 text-sm">
          <h3 className="font-semibold">{t("member.referrals")}</h3>
          {detail.referrals.length === 0 ? (
            <p className="text-muted-foreground">{t("member.noReferrals")}</p>
          ) : (
            <ul className="grid gap-1">
              {detail.referrals.map((r) => (
                <li key={r.id} className="flex flex-wrap items-center gap-2">
                  {memberLink(r.referee)}
                  <Badge variant={r.status === "HELD" ? "brand" : "secondary"}>
                    {t(`member.referralStatus.${r.status}`)}
                  </Badge>
                </li>
              ))}
            </ul>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

/** The member's signed-in sessions. */
function SessionsCard({ detail }: { detail: TAdminMemberDetail }) {
  const { t } = useTranslation("admin");
  const fmt = useMoneyFormat();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("member.sessions")}</CardTitle>
      </CardHeader>
      <CardContent>
        {detail.sessions.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("member.noSessions")}</p>
        ) : (
          <ul className="grid gap-2 text-sm">
            {detail.sessions.map((s) => (
              <li key={s.id} className="grid border-b pb-2 last:border-0">
                <span className="font-mono text-xs">{s.ipAddress}</span>
                <span className="text-xs break-all text-muted-foreground">{s.userAgent}</span>
                <span className="text-xs">
                  {t("member.sessionSince", { date: fmt.dateTime(s.createdAt) })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** Recent requests with their status (a withdrawal's own status, as the member sees it). */
function RequestList({ requests, empty }: { requests: TSupportRequest[]; empty: string }) {
  const { t } = useTranslation("support");
  const fmt = useMoneyFormat();
  if (requests.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul className="grid gap-2 text-sm">
      {requests.map((r) => (
        <li
          key={r.id}
          className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b pb-2 last:border-0"
        >
          <span className="font-medium">
            {r.withdrawal
              ? `${fmt.amount(r.withdrawal.amount, "USDT")} · ${r.withdrawal.network}`
              : t(`types.${r.requestType}`)}
          </span>
          <Badge variant={r.status === "COMPLETED" ? "secondary" : "brand"}>
            {r.withdrawal ? t(`withdrawalStatus.${r.withdrawal.status}`) : t(`status.${r.status}`)}
          </Badge>
          <span className="text-xs text-muted-foreground">{fmt.dateTime(r.createdAt)}</span>
          {r.withdrawal?.failureReason ? (
            <span className="basis-full text-xs text-muted-foreground">
              {t("fields.reason", { reason: r.withdrawal.failureReason })}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function AuditTrail({ events }: { events: TAuditEvent[] }) {
  const { t } = useTranslation("admin");
  if (events.length === 0)
    return <p className="text-sm text-muted-foreground">{t("member.noAudit")}</p>;
  return <AuditEventList events={events} />;
}
