import type { FraudAction, TFraudEvidence } from "@viewvault/shared";
import { Ban, Eraser, Pause, Play, Undo2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PageSpinner } from "@/components/ui/spinner";
import { toast } from "@/lib/toast";
import { useMoneyFormat } from "@/lib/use-money-format";
import { useFraudAction } from "../api/apply-fraud-action";
import { useFraudEvidence } from "../api/get-fraud-evidence";
import { RiskBadge, RiskReasons } from "./risk-reasons";
import type { StaffActionKit } from "./staff-action-kit";

const ICONS = { clear: Eraser, clawBack: Undo2, pause: Pause, lift: Play, suspend: Ban } as const;

function seconds(from: string | null, to: string | null): number | null {
  if (!from || !to) return null;
  return Math.round((new Date(to).getTime() - new Date(from).getTime()) / 100) / 10;
}

/** Which actions apply now (pause or lift, not both; nothing on a suspended member but clear). */
function actionsFor(e: TFraudEvidence): FraudAction[] {
  const pauseOrLift: FraudAction = e.enforcement.cashoutPausedAt ? "lift" : "pause";
  return e.member.suspended
    ? ["clear", "clawBack", pauseOrLift]
    : ["clear", "clawBack", pauseOrLift, "suspend"];
}

/** One member's evidence and the fraud actions (each with a reason, behind step-up). */
export function FraudEvidence({ memberId, kit }: { memberId: string; kit: StaffActionKit }) {
  const { t } = useTranslation("fraud");
  const evidence = useFraudEvidence(memberId);
  const mutation = useFraudAction(memberId);
  const [acting, setActing] = useState<FraudAction | null>(null);
  if (evidence.isPending) return <PageSpinner label={t("common:a11y.loading")} />;
  if (evidence.isError) return <p className="text-sm text-destructive">{t("loadFailed")}</p>;
  const e = evidence.data;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="grid content-start gap-6">
        <RiskCard e={e} memberId={memberId} />
        <SharedCard e={e} />
        <SessionsCard e={e} />
        <ReferralsCard e={e} />
      </div>
      <ActionsCard e={e} onAct={setActing} />
      {acting ? (
        <ActionDialog
          mutation={mutation}
          kit={kit}
          acting={acting}
          onClose={() => setActing(null)}
        />
      ) : null}
      {kit.dialog}
    </div>
  );
}

/** The risk, its reasons and where the member's cash-out stands. */
function RiskCard({ e, memberId }: { e: TFraudEvidence; memberId: string }) {
  const { t } = useTranslation("fraud");
  const fmt = useMoneyFormat();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          {t("evidence.risk")} <RiskBadge level={e.member.level} score={e.member.score} />
        </CardTitle>
        <CardDescription>
          <Link className="text-primary underline" to={`/admin/members/${memberId}`}>
            {t("evidence.adminPage")}
          </Link>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-1">
          <h3 className="text-sm font-semibold">{t("evidence.reasonsTitle")}</h3>
          <RiskReasons reasons={e.member.reasons} />
        </div>
        <div className="grid gap-1 text-sm">
          <h3 className="font-semibold">{t("evidence.enforcement")}</h3>
          <p data-testid="fraud-pause-state">
            {e.enforcement.cashoutPausedAt
              ? t("evidence.pausedSince", {
                  date: fmt.dateTime(e.enforcement.cashoutPausedAt),
                  reason: e.enforcement.pauseReason ?? "",
                })
              : t("evidence.notPaused")}
          </p>
          {e.enforcement.appealRequestId ? (
            <p>
              <Link className="text-primary underline" to="/support">
                {t("evidence.appeal")}
              </Link>
            </p>
          ) : null}
          {e.enforcement.reviewedAt ? (
            <p className="text-muted-foreground">
              {t("evidence.reviewed", {
                date: fmt.dateTime(e.enforcement.reviewedAt),
                reason: e.enforcement.reviewReason ?? "",
              })}
            </p>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}

/** The members sharing a device or a network with this one. */
function SharedCard({ e }: { e: TFraudEvidence }) {
  const { t } = useTranslation("fraud");
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("evidence.shared")}</CardTitle>
      </CardHeader>
      <CardContent>
        {e.sharedWith.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("evidence.sharedEmpty")}</p>
        ) : (
          <ul className="grid gap-2 text-sm">
            {e.sharedWith.map((o) => (
              <li key={o.member.id} className="grid gap-1 rounded-md border p-2">
                <Link
                  className="font-medium text-primary hover:underline"
                  to={`/admin/fraud/members/${o.member.id}`}
                >
                  @{o.member.username}
                </Link>
                <span className="font-mono text-xs break-all">
                  {[...o.devices.map((hash) => t("evidence.device", { hash })), ...o.networks].join(
                    " · ",
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** The member's last watch sessions: how long the ad and the content took, the gap. */
function SessionsCard({ e }: { e: TFraudEvidence }) {
  const { t } = useTranslation("fraud");
  const fmt = useMoneyFormat();
  const s = (value: number | null) => (value === null ? "—" : t("evidence.seconds", { value }));
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("evidence.sessions")}</CardTitle>
      </CardHeader>
      <CardContent>
        {e.sessions.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("evidence.sessionsEmpty")}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-lg text-left text-sm">
              <thead className="text-xs text-muted-foreground">
                <tr>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    {t("evidence.started")}
                  </th>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    {t("evidence.status")}
                  </th>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    {t("evidence.adSeconds")}
                  </th>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    {t("evidence.contentSeconds")}
                  </th>
                  <th scope="col" className="py-1 font-medium">
                    {t("evidence.gap")}
                  </th>
                </tr>
              </thead>
              <tbody className="tabular-nums">
                {e.sessions.map((session) => (
                  <tr key={session.id} className="border-t">
                    <td className="py-1 pr-3">{fmt.dateTime(session.adStartedAt)}</td>
                    <td className="py-1 pr-3">{session.status}</td>
                    <td className="py-1 pr-3">
                      {s(seconds(session.adStartedAt, session.contentStartedAt))}
                    </td>
                    <td className="py-1 pr-3">
                      {s(seconds(session.contentStartedAt, session.contentCompletedAt))}
                    </td>
                    <td className="py-1">{s(session.gapSeconds)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** Who referred the member and whom the member referred. */
function ReferralsCard({ e }: { e: TFraudEvidence }) {
  const { t } = useTranslation("fraud");
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("evidence.referrals")}</CardTitle>
      </CardHeader>
      <CardContent>
        {e.referrals.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("evidence.referralsEmpty")}</p>
        ) : (
          <ul className="grid gap-1 text-sm">
            {e.referrals.map((r) => (
              <li key={r.id} className="flex flex-wrap gap-2">
                <span>{t(`evidence.${r.direction}`, { username: r.other.username })}</span>
                <span className="text-muted-foreground">
                  {r.status}
                  {r.flagReason ? ` · ${r.flagReason}` : ""}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** The actions that apply now. */
function ActionsCard({ e, onAct }: { e: TFraudEvidence; onAct: (action: FraudAction) => void }) {
  const { t } = useTranslation("fraud");
  return (
    <Card className="content-start">
      <CardHeader>
        <CardTitle>{t("actions.title")}</CardTitle>
        <CardDescription>{t("actions.hint")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        {actionsFor(e).map((action) => {
          const Icon = ICONS[action];
          return (
            <Button
              key={action}
              variant={action === "suspend" || action === "pause" ? "destructive" : "outline"}
              className="justify-start"
              onClick={() => onAct(action)}
            >
              <Icon aria-hidden="true" />
              {t(`actions.${action}`)}
            </Button>
          );
        })}
      </CardContent>
    </Card>
  );
}

/** The chosen action's reason dialog; the action runs behind step-up. */
function ActionDialog({
  mutation,
  kit,
  acting,
  onClose,
}: {
  mutation: ReturnType<typeof useFraudAction>;
  kit: StaffActionKit;
  acting: FraudAction;
  onClose: () => void;
}) {
  const { t } = useTranslation("fraud");
  const { ReasonDialog } = kit;
  return (
    <ReasonDialog
      title={t(`actions.${acting}Title`)}
      description={t(`actions.${acting}Text`)}
      confirmLabel={t(`actions.${acting}`)}
      destructive={acting === "suspend" || acting === "pause"}
      pending={mutation.isPending}
      onClose={onClose}
      onConfirm={(reason, report) => {
        const run = () =>
          mutation.mutate(
            { action: acting, reason },
            {
              onSuccess: () => {
                toast.success(t("actions.done"));
                onClose();
              },
              onError: (error) => {
                if (!kit.guard(error, run)) report(error);
              },
            },
          );
        run();
      }}
    />
  );
}
