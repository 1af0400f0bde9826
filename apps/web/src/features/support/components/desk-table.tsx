import {
  SUPPORT_DESK,
  SUPPORT_REQUEST_TYPES,
  SUPPORT_STATUSES,
  type SupportRequestType,
  type SupportStatus,
  type TSupportRequest,
  type WithdrawalDeskAction,
  withdrawalDeskActions,
} from "@viewvault/shared";
import { ChevronLeft, ChevronRight, XCircle } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input, NativeSelect } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { useAuth } from "@/lib/auth";
import { errorText } from "@/lib/problem-text";
import { toast } from "@/lib/toast";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { useMoneyFormat } from "@/lib/use-money-format";
import { useDeskRequests } from "../api/list-desk-requests";
import { usePayoutNetworks } from "../api/payouts";
import { useUpdateRequestStatus } from "../api/update-request";
import { withdrawalStatusKey } from "./desk-status";
import { PayoutActions } from "./payout-actions";
import { RequestDetails } from "./request-details";
import { CompleteWithdrawalDialog, FailWithdrawalDialog } from "./withdrawal-dialogs";

/** The desk: every request, newest first, with filters, paging and the status dropdown. */
export function DeskTable({ unlockedUntil }: { unlockedUntil: string }) {
  const { t } = useTranslation("support");
  const fmt = useMoneyFormat();
  const ids = useId();
  const [status, setStatus] = useState<SupportStatus | "">("");
  const [type, setType] = useState<SupportRequestType | "">("");
  const [member, setMember] = useState("");
  const [page, setPage] = useState(1);
  const debouncedMember = useDebouncedValue(member, 300);
  const query = useDeskRequests(
    {
      status: status || undefined,
      type: type || undefined,
      member: debouncedMember || undefined,
      page,
    },
    true,
  );
  const failed = query.isError;
  useEffect(() => {
    if (failed) toast.error(t("desk.loadFailed"));
  }, [failed, t]);
  const pages = Math.max(1, Math.ceil((query.data?.total ?? 0) / SUPPORT_DESK.pageSize));

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("desk.title")}</CardTitle>
        <CardDescription>
          {t("desk.description")} {t("desk.unlockedUntil", { time: fmt.dateTime(unlockedUntil) })}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-3 sm:grid-cols-3">
          <div className="grid gap-1.5">
            <Label htmlFor={`${ids}-status`}>{t("desk.filters.status")}</Label>
            <NativeSelect
              id={`${ids}-status`}
              value={status}
              onChange={(e) => {
                setStatus(e.target.value as SupportStatus | "");
                setPage(1);
              }}
            >
              <option value="">{t("desk.filters.all")}</option>
              {SUPPORT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`status.${s}`)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${ids}-type`}>{t("desk.filters.type")}</Label>
            <NativeSelect
              id={`${ids}-type`}
              value={type}
              onChange={(e) => {
                setType(e.target.value as SupportRequestType | "");
                setPage(1);
              }}
            >
              <option value="">{t("desk.filters.all")}</option>
              {SUPPORT_REQUEST_TYPES.map((s) => (
                <option key={s} value={s}>
                  {t(`types.${s}`)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${ids}-member`}>{t("desk.filters.member")}</Label>
            <Input
              id={`${ids}-member`}
              value={member}
              autoComplete="off"
              placeholder={t("desk.filters.memberPlaceholder")}
              onChange={(e) => {
                setMember(e.target.value);
                setPage(1);
              }}
            />
          </div>
        </div>
        {query.isPending ? (
          <Spinner />
        ) : failed ? (
          <p className="text-sm text-destructive">{t("desk.loadFailed")}</p>
        ) : query.data.requests.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("desk.empty")}</p>
        ) : (
          <ul className="divide-y rounded-lg border" aria-label={t("desk.title")}>
            {query.data.requests.map((request) => (
              <DeskRow key={request.id} request={request} />
            ))}
          </ul>
        )}
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <span className="text-muted-foreground">
            {t("desk.page", { page, pages, count: query.data?.total ?? 0 })}
          </span>
          <div className="flex gap-2">
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={page <= 1}
              onClick={() => setPage(page - 1)}
            >
              <ChevronLeft aria-hidden="true" />
              {t("desk.previous")}
            </Button>
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={page >= pages}
              onClick={() => setPage(page + 1)}
            >
              {t("desk.next")}
              <ChevronRight aria-hidden="true" />
            </Button>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}

/** The status a desk action moves a withdrawal's request to (through the seed's dropdown). */
const ACTION_STATUS: Partial<Record<WithdrawalDeskAction, SupportStatus>> = {
  take: "PROCESSING",
  release: "PENDING",
  complete: "COMPLETED",
};

/**
 * One request: its fields, the status dropdown and, for a withdrawal, the buttons — offering only
 * what this staff member may do in the withdrawal's state (`withdrawalDeskActions`).
 */
function DeskRow({ request }: { request: TSupportRequest }) {
  const { t } = useTranslation("support");
  const { profile } = useAuth();
  const ids = useId();
  const update = useUpdateRequestStatus();
  const [dialog, setDialog] = useState<"complete" | "fail" | null>(null);
  const w = request.withdrawal;
  const viewer = profile
    ? { id: profile.id, username: profile.username, role: profile.role }
    : null;
  const actions = w && viewer ? withdrawalDeskActions(w, request, viewer) : [];
  const networks = usePayoutNetworks(Boolean(w));
  const payoutNetwork = w
    ? networks.data?.networks.find((n) => n.network === w.network)
    : undefined;
  // A withdrawal's request offers its current status and the moves this viewer may make.
  const statuses: SupportStatus[] = w
    ? SUPPORT_STATUSES.filter(
        (s) => s === request.status || actions.some((action) => ACTION_STATUS[action] === s),
      )
    : [...SUPPORT_STATUSES];

  function change(next: SupportStatus) {
    if (next === request.status) return;
    if (w && next === "COMPLETED") {
      setDialog("complete");
      return;
    }
    update.mutate(
      { requestId: request.id, status: next },
      {
        onSuccess: () => toast.success(t("desk.updated")),
        onError: (error) => toast.error(errorText(t, error, t("desk.updateFailed"))),
      },
    );
  }

  return (
    <li className="grid gap-3 p-3 sm:grid-cols-[minmax(0,1fr)_auto]" data-testid="desk-request">
      <RequestDetails request={request} audience="staff" />
      <div className="grid content-start gap-2 sm:w-52">
        {statuses.length > 1 ? (
          <>
            <Label htmlFor={`${ids}-status`} className="sr-only">
              {t("fields.status")}
            </Label>
            <NativeSelect
              id={`${ids}-status`}
              value={request.status}
              disabled={update.isPending}
              onChange={(e) => change(e.target.value as SupportStatus)}
              data-testid="desk-status"
            >
              {statuses.map((s) => (
                <option key={s} value={s}>
                  {t(
                    !w
                      ? `status.${s}`
                      : s === request.status
                        ? withdrawalStatusKey(w) // the badge's status: one source
                        : `desk.move.${s}`,
                  )}
                </option>
              ))}
            </NativeSelect>
          </>
        ) : null}
        {w ? (
          <PayoutActions
            request={request}
            actions={actions}
            network={payoutNetwork}
            update={update}
          />
        ) : null}
        {actions.includes("approve") ? (
          <Button type="button" size="sm" onClick={() => setDialog("complete")}>
            {t("desk.approve")}
          </Button>
        ) : null}
        {actions.includes("fail") ? (
          <Button type="button" variant="outline" size="sm" onClick={() => setDialog("fail")}>
            <XCircle aria-hidden="true" />
            {t("desk.fail")}
          </Button>
        ) : null}
      </div>
      {dialog === "complete" && w ? (
        <CompleteWithdrawalDialog
          request={request}
          verified={payoutNetwork?.verified ?? false}
          mutation={update}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === "fail" ? (
        <FailWithdrawalDialog request={request} onClose={() => setDialog(null)} />
      ) : null}
    </li>
  );
}
