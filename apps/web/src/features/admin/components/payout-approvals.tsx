import { type TSupportRequest, WITHDRAWAL, withdrawalDeskActions } from "@viewvault/shared";
import { Check, Loader2, X } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DeskRisk } from "@/components/staff/desk-risk";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { FormError } from "@/components/ui/form-field";
import { PageSpinner } from "@/components/ui/spinner";
import { useAuth } from "@/lib/auth";
import { errorText } from "@/lib/problem-text";
import { toast } from "@/lib/toast";
import { useMoneyFormat } from "@/lib/use-money-format";
import { useDecidePayout } from "../api/decide-payout";
import { usePayoutApprovals } from "../api/list-payout-approvals";
import { useStepUp } from "../hooks/use-step-up";
import { ReasonDialog } from "./reason-dialog";

type Deciding = { request: TSupportRequest; approve: boolean };

/** A withdrawal's status as the member's support page names it. */
function WithdrawalBadge({ request }: { request: TSupportRequest }) {
  const { t } = useTranslation("support");
  const status = request.withdrawal?.status;
  if (!status) return <Badge variant="secondary">{t(`status.${request.status}`)}</Badge>;
  return (
    <Badge variant={status === "FAILED" ? "outline" : "secondary"}>
      {t(`withdrawalStatus.${status}`)}
    </Badge>
  );
}

/**
 * The second approval's queue: withdrawals above the four-eyes threshold that a staff member
 * sent, each with the member's earlier withdrawals; approve (pays) or reject with a reason
 * (the money returns). Offered only to whom the database command accepts — the desk's own rule,
 * `withdrawalDeskActions` (never the member or the processor); the command refuses anyway.
 */
export function PayoutApprovals() {
  const { t } = useTranslation("admin");
  const fmt = useMoneyFormat();
  const queue = usePayoutApprovals();
  const decide = useDecidePayout();
  const stepUp = useStepUp();
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const [approveError, setApproveError] = useState<string | null>(null);

  if (queue.isPending) return <PageSpinner label={t("common:a11y.loading")} />;
  if (queue.isError) return <p className="text-sm text-destructive">{t("loadFailed")}</p>;
  const close = () => {
    setDeciding(null);
    setApproveError(null);
  };
  const approve = (request: TSupportRequest) => {
    const run = () =>
      decide.mutate(
        { requestId: request.id, approve: true },
        {
          onSuccess: () => {
            toast.success(
              t(beforeSending(request) ? "payouts.approvedForSending" : "payouts.approved"),
            );
            close();
          },
          onError: (error) => {
            if (!stepUp.guard(error, run))
              setApproveError(errorText(t, error, t("actions.failed")));
          },
        },
      );
    setApproveError(null);
    run();
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("payouts.title")}</CardTitle>
        <CardDescription>
          {t("payouts.description", {
            threshold: fmt.amount(WITHDRAWAL.secondApprovalAboveMicroUsdt.toString(), "USDT"),
          })}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {queue.data.approvals.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("payouts.empty")}</p>
        ) : (
          <ul className="grid gap-4">
            {queue.data.approvals.map(({ request, history }) => (
              <ApprovalItem
                key={request.id}
                request={request}
                history={history}
                onDecide={(approve) => setDeciding({ request, approve })}
              />
            ))}
          </ul>
        )}
      </CardContent>
      {deciding?.approve ? (
        <ApproveDialog
          request={deciding.request}
          error={approveError}
          pending={decide.isPending}
          onApprove={() => approve(deciding.request)}
          onClose={close}
        />
      ) : null}
      {deciding && !deciding.approve ? (
        <RejectDialog
          request={deciding.request}
          decide={decide}
          guard={stepUp.guard}
          onClose={close}
        />
      ) : null}
      {stepUp.dialog}
    </Card>
  );
}

/** No hash yet: the approval comes before sending, on every network (ADR 062); nothing is paid. */
const beforeSending = (r: TSupportRequest) => !r.withdrawal?.txHash;

function useAmountOf() {
  const fmt = useMoneyFormat();
  return (r: TSupportRequest) => fmt.amount(r.withdrawal?.amount ?? "0", "USDT");
}

/** One withdrawal waiting for the second approval, its member's earlier ones, the two choices. */
function ApprovalItem({
  request,
  history,
  onDecide,
}: {
  request: TSupportRequest;
  history: TSupportRequest[];
  onDecide: (approve: boolean) => void;
}) {
  const { t } = useTranslation("admin");
  const fmt = useMoneyFormat();
  const amountOf = useAmountOf();
  const { profile } = useAuth();
  const w = request.withdrawal;
  const actions =
    w && profile
      ? withdrawalDeskActions(w, request, {
          id: profile.id,
          username: profile.username,
          role: profile.role,
        })
      : [];
  const mayApprove = actions.includes("approve");
  const mayReject = actions.includes("fail");
  return (
    <li
      className="grid gap-3 rounded-lg border p-4"
      aria-label={`@${request.username} ${amountOf(request)}`}
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        <Link
          className="font-medium text-primary hover:underline"
          to={`/admin/members/${request.userId}`}
        >
          @{request.username}
        </Link>
        <span className="text-lg font-semibold tabular-nums">{amountOf(request)}</span>
        <span className="text-xs text-muted-foreground">
          {t("payouts.requestedAt", { date: fmt.dateTime(request.createdAt) })}
        </span>
      </div>
      {request.withdrawal ? <WithdrawalDetails w={request.withdrawal} /> : null}
      {request.risk ? <DeskRisk risk={request.risk} memberId={request.userId} /> : null}
      <WithdrawalHistory history={history} />
      {mayApprove || !profile ? null : (
        <p className="text-xs text-muted-foreground" data-testid="approval-not-yours">
          {t(request.userId === profile?.id ? "payouts.notYoursOwn" : "payouts.notYours")}
        </p>
      )}
      {mayApprove || mayReject ? (
        <div className="flex flex-wrap gap-2">
          {mayApprove ? (
            <Button onClick={() => onDecide(true)}>
              <Check aria-hidden="true" />
              {t(beforeSending(request) ? "payouts.approveForSending" : "payouts.approve")}
            </Button>
          ) : null}
          {mayReject ? (
            <Button variant="outline" onClick={() => onDecide(false)}>
              <X aria-hidden="true" />
              {t("payouts.reject")}
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/** The withdrawal's figures, wallet, hash and who sent it. */
function WithdrawalDetails({ w }: { w: NonNullable<TSupportRequest["withdrawal"]> }) {
  const { t } = useTranslation("admin");
  const fmt = useMoneyFormat();
  return (
    <dl className="grid gap-x-4 gap-y-1 text-xs sm:grid-cols-[auto_1fr]">
      <dt className="text-muted-foreground">{t("payouts.amount")}</dt>
      <dd>
        {t("payouts.net", {
          net: fmt.amount(w.net, "USDT"),
          fee: fmt.amount(w.fee, "USDT"),
        })}
      </dd>
      <dt className="text-muted-foreground">{t("payouts.network")}</dt>
      <dd>{w.network}</dd>
      <dt className="text-muted-foreground">{t("payouts.wallet")}</dt>
      <dd className="font-mono break-all">{w.walletAddress}</dd>
      <dt className="text-muted-foreground">{t("payouts.txHash")}</dt>
      <dd className="font-mono break-all">
        {w.explorerUrl ? (
          <a
            className="text-primary hover:underline"
            href={w.explorerUrl}
            target="_blank"
            rel="noreferrer"
          >
            {w.txHash}
          </a>
        ) : (
          (w.txHash ?? "—")
        )}
      </dd>
      <dt className="text-muted-foreground">{t("payouts.processedBy")}</dt>
      <dd>{w.processedBy ? `@${w.processedBy}` : "—"}</dd>
    </dl>
  );
}

/** The member's earlier withdrawals. */
function WithdrawalHistory({ history }: { history: TSupportRequest[] }) {
  const { t } = useTranslation("admin");
  const fmt = useMoneyFormat();
  const amountOf = useAmountOf();
  return (
    <div className="grid gap-1 text-xs">
      <h3 className="font-semibold">{t("payouts.history")}</h3>
      {history.length === 0 ? (
        <p className="text-muted-foreground">{t("payouts.noHistory")}</p>
      ) : (
        <ul className="grid gap-1">
          {history.map((h) => (
            <li key={h.id} className="flex flex-wrap items-center gap-2">
              <span className="tabular-nums">{amountOf(h)}</span>
              <WithdrawalBadge request={h} />
              <span className="text-muted-foreground">{fmt.dateTime(h.createdAt)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** "Approve" asked again, with the server's refusal when there is one. */
function ApproveDialog({
  request,
  error,
  pending,
  onApprove,
  onClose: close,
}: {
  request: TSupportRequest;
  error: string | null;
  pending: boolean;
  onApprove: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation("admin");
  const amountOf = useAmountOf();
  return (
    <Dialog open onOpenChange={(open) => (open || pending ? null : close())}>
      <DialogContent closeLabel={t("common:dialog.close")}>
        <DialogHeader>
          <DialogTitle>{t("payouts.approveTitle")}</DialogTitle>
          <DialogDescription>
            {t(beforeSending(request) ? "payouts.approveForSendingText" : "payouts.approveText", {
              amount: amountOf(request),
              username: request.username,
            })}
          </DialogDescription>
        </DialogHeader>
        <FormError message={error} />
        <DialogFooter>
          <Button variant="outline" onClick={close} disabled={pending}>
            {t("actions.cancel")}
          </Button>
          <Button onClick={onApprove} disabled={pending}>
            {pending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
            {t(beforeSending(request) ? "payouts.approveForSending" : "payouts.approve")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** "Reject" with a reason (the money returns to the member), behind step-up. */
function RejectDialog({
  request,
  decide,
  guard,
  onClose: close,
}: {
  request: TSupportRequest;
  decide: ReturnType<typeof useDecidePayout>;
  guard: ReturnType<typeof useStepUp>["guard"];
  onClose: () => void;
}) {
  const { t } = useTranslation("admin");
  const amountOf = useAmountOf();
  return (
    <ReasonDialog
      title={t("payouts.rejectTitle")}
      description={t("payouts.rejectText", {
        amount: amountOf(request),
        username: request.username,
      })}
      confirmLabel={t("payouts.reject")}
      destructive
      pending={decide.isPending}
      onClose={close}
      onConfirm={(reason, report) => {
        const run = () =>
          decide.mutate(
            { requestId: request.id, approve: false, reason },
            {
              onSuccess: () => {
                toast.success(t("payouts.rejected"));
                close();
              },
              onError: (error) => {
                if (!guard(error, run)) report(error);
              },
            },
          );
        run();
      }}
    />
  );
}
