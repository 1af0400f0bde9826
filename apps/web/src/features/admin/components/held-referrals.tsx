import type { THeldReferral } from "@viewvault/shared";
import { Check, X } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PageSpinner } from "@/components/ui/spinner";
import { toast } from "@/lib/toast";
import { useMoneyFormat } from "@/lib/use-money-format";
import { useApproveReferral } from "../api/approve-referral";
import { useHeldReferrals } from "../api/list-held-referrals";
import { useRejectReferral } from "../api/reject-referral";
import { useStepUp } from "../hooks/use-step-up";
import { ReasonDialog } from "./reason-dialog";

type Decision = { referral: THeldReferral; approve: boolean };

/** The review queue: each held referral with its evidence; approve (pays once) or reject. */
export function HeldReferrals() {
  const { t } = useTranslation("admin");
  const fmt = useMoneyFormat();
  const held = useHeldReferrals();
  // The approval's intent (and its Idempotency-Key) lives here, not in the dialog.
  const approve = useApproveReferral();
  const reject = useRejectReferral();
  const stepUp = useStepUp();
  const [deciding, setDeciding] = useState<Decision | null>(null);

  if (held.isPending) return <PageSpinner label={t("common:a11y.loading")} />;
  if (held.isError) return <p className="text-sm text-destructive">{t("loadFailed")}</p>;
  const amounts = (r: THeldReferral) => ({
    views: fmt.amount(r.viewsBonus, "VIEWS"),
    usdt: fmt.amount(r.usdtBonus, "USDT"),
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("referrals.title")}</CardTitle>
        <CardDescription>{t("referrals.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        {held.data.referrals.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("referrals.empty")}</p>
        ) : (
          <ul className="grid gap-4">
            {held.data.referrals.map((r) => (
              <li
                key={r.id}
                className="grid gap-3 rounded-lg border p-4"
                aria-label={`@${r.referee.username}`}
              >
                <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
                  <span>
                    {t("referrals.referrer")}:{" "}
                    <Link
                      className="font-medium text-primary hover:underline"
                      to={`/admin/members/${r.referrer.id}`}
                    >
                      @{r.referrer.username}
                    </Link>
                  </span>
                  <span>
                    {t("referrals.referee")}:{" "}
                    <Link
                      className="font-medium text-primary hover:underline"
                      to={`/admin/members/${r.referee.id}`}
                    >
                      @{r.referee.username}
                    </Link>
                  </span>
                  <span className="text-xs text-muted-foreground">
                    {t("referrals.heldSince", { date: fmt.dateTime(r.createdAt) })}
                  </span>
                </div>
                <p className="text-sm">
                  <span className="text-muted-foreground">{t("referrals.reward")}: </span>
                  {t("referrals.rewardText", amounts(r))}
                </p>
                <dl className="grid gap-x-4 gap-y-1 text-xs sm:grid-cols-[auto_1fr]">
                  <dt className="text-muted-foreground">{t("referrals.flag")}</dt>
                  <dd>
                    <Badge variant="outline">{r.flagReason}</Badge>
                  </dd>
                  <dt className="text-muted-foreground">{t("referrals.refereeSignup")}</dt>
                  <dd className="font-mono">{r.refereeSignupIp ?? "—"}</dd>
                  <dt className="text-muted-foreground">{t("referrals.referrerSignup")}</dt>
                  <dd className="font-mono">{r.referrerSignupIp ?? "—"}</dd>
                  <dt className="text-muted-foreground">{t("referrals.evidence")}</dt>
                  <dd>
                    {r.refereeUserAgent && r.refereeUserAgent === r.referrerUserAgent
                      ? t("referrals.sameDevice")
                      : t("referrals.otherDevice")}
                    {" · "}
                    {t("referrals.accountsOnNetwork", { count: r.accountsOnNetwork })}
                  </dd>
                </dl>
                <div className="flex flex-wrap gap-2">
                  <Button onClick={() => setDeciding({ referral: r, approve: true })}>
                    <Check aria-hidden="true" />
                    {t("referrals.approve")}
                  </Button>
                  <Button
                    variant="outline"
                    onClick={() => setDeciding({ referral: r, approve: false })}
                  >
                    <X aria-hidden="true" />
                    {t("referrals.reject")}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      {deciding?.approve ? (
        <ReasonDialog
          title={t("referrals.approveTitle")}
          description={t("referrals.approveText", {
            ...amounts(deciding.referral),
            referrer: deciding.referral.referrer.username,
            referee: deciding.referral.referee.username,
          })}
          confirmLabel={t("referrals.approve")}
          pending={approve.isPending}
          onClose={() => setDeciding(null)}
          onConfirm={(reason, report) => {
            const variables = { referralId: deciding.referral.id, reason };
            const run = () =>
              approve.mutate(variables, {
                onSuccess: () => {
                  toast.success(t("referrals.approved"));
                  setDeciding(null);
                },
                onError: (error) => {
                  if (!stepUp.guard(error, run)) report(error);
                },
              });
            run();
          }}
        />
      ) : null}
      {deciding && !deciding.approve ? (
        <ReasonDialog
          title={t("referrals.rejectTitle")}
          description={t("referrals.rejectText")}
          confirmLabel={t("referrals.reject")}
          destructive
          pending={reject.isPending}
          onClose={() => setDeciding(null)}
          onConfirm={(reason, report) =>
            reject.mutate(
              { referralId: deciding.referral.id, reason },
              {
                onSuccess: () => {
                  toast.success(t("referrals.rejected"));
                  setDeciding(null);
                },
                onError: report,
              },
            )
          }
        />
      ) : null}
      {stepUp.dialog}
    </Card>
  );
}
