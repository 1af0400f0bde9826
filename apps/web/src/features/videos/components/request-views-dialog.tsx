import { useQuery } from "@tanstack/react-query";
import { VIEW_REQUEST } from "@viewvault/shared";
import { HandCoins } from "lucide-react";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api-client";
import { balancesQueryOptions } from "@/lib/balances";
import { errorText, problemText } from "@/lib/problem-text";
import { toast } from "@/lib/toast";
import { useMoneyFormat } from "@/lib/use-money-format";
import { useCreateViewRequest, useViewRequests } from "../api/view-requests";

/**
 * The Request Views dialog: pay 1 view to join the matching pool; lists the member's pending
 * and matched requests and today's count (a match of a waiting request arrives from the live
 * stream). Also opened by /feed?request=1, and from the dashboard's quick actions (`trigger`).
 */
export function RequestViewsDialog({
  open,
  onOpenChange,
  signedIn,
  trigger,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  signedIn: boolean;
  /** The element that opens it (default: the feed's outline button). */
  trigger?: ReactNode;
}) {
  const { t } = useTranslation("videos");
  const fmt = useMoneyFormat();
  const list = useViewRequests(open && signedIn);
  const create = useCreateViewRequest();
  const cost = VIEW_REQUEST.costViews.toString();
  const reward = VIEW_REQUEST.matchRewardViews.toString();
  const limit = VIEW_REQUEST.dailyLimit;

  const balances = useQuery({ ...balancesQueryOptions(), enabled: open && signedIn });
  const whyId = useId();

  const todayCount = list.data?.todayCount ?? 0;
  const atLimit = todayCount >= limit;
  const dailyLimit = problemText(t, {
    code: "DAILY_LIMIT_REACHED",
    params: { context: "viewRequest", limit },
  });
  // What the server would refuse is not offered: the button is disabled with the reason beside it.
  const short =
    !atLimit && balances.data !== undefined && BigInt(balances.data.views) < VIEW_REQUEST.costViews;
  const insufficient = problemText(t, {
    code: "INSUFFICIENT_BALANCE",
    params: { context: "viewRequest", cost },
  });

  function showDailyLimit() {
    toast.error(t("requests.dailyLimitTitle"), { description: dailyLimit });
  }

  function submit() {
    create.mutate(undefined, {
      onSuccess: (result) => {
        if (result.matched && result.request.matchedWith) {
          toast.success(t("requests.success"), {
            description: t("requests.matched", {
              username: result.request.matchedWith.username,
              reward,
            }),
          });
        } else {
          toast.success(t("requests.success"), { description: t("requests.pending") });
        }
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === "DAILY_LIMIT_REACHED") {
          // Another tab used the last request: the same seed's words.
          showDailyLimit();
          void list.refetch();
        } else if (error instanceof ApiError && error.code === "INSUFFICIENT_BALANCE") {
          toast.error(t("requests.insufficientTitle"), {
            description: problemText(t, error.problem),
          });
        } else {
          toast.error(t("requests.failed"), {
            description: errorText(t, error, "") || undefined,
          });
        }
      },
    });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        {trigger ?? (
          <Button variant="outline">
            <HandCoins aria-hidden="true" />
            {t("feed.requestViews")}
          </Button>
        )}
      </DialogTrigger>
      <DialogContent closeLabel={t("requests.close")}>
        <DialogHeader>
          <DialogTitle>{t("requests.title")}</DialogTitle>
          <DialogDescription>{t("requests.description", { cost, reward })}</DialogDescription>
        </DialogHeader>
        {signedIn ? (
          <>
            <div className="grid gap-1" aria-live="polite">
              <p className="text-sm font-medium">
                {t("requests.today", { count: todayCount, limit })}
              </p>
            </div>
            <Button
              variant="gradient"
              onClick={submit}
              disabled={create.isPending || atLimit || short}
              aria-describedby={atLimit || short ? whyId : undefined}
            >
              {create.isPending ? t("requests.submitting") : t("requests.submit", { cost })}
            </Button>
            {atLimit || short ? (
              <p
                id={whyId}
                className="grid text-sm text-destructive"
                data-testid={atLimit ? "daily-limit" : "request-insufficient"}
              >
                <strong>
                  {atLimit ? t("requests.dailyLimitTitle") : t("requests.insufficientTitle")}
                </strong>
                <span>{atLimit ? dailyLimit : insufficient}</span>
              </p>
            ) : null}
            <section className="grid gap-2">
              <h3 className="text-sm font-semibold">{t("requests.history")}</h3>
              {list.isPending ? (
                <Spinner className="size-5" />
              ) : list.data && list.data.requests.length > 0 ? (
                <ul
                  className="grid max-h-60 gap-2 overflow-y-auto"
                  aria-label={t("requests.history")}
                >
                  {list.data.requests.map((r) => (
                    <li
                      key={r.id}
                      className="flex items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm"
                    >
                      <span className="text-muted-foreground">{fmt.dateTime(r.createdAt)}</span>
                      <span className="flex items-center gap-2">
                        {r.matchedWith ? (
                          <span className="truncate text-xs">
                            {t("requests.matchedWith", { username: r.matchedWith.username })}
                          </span>
                        ) : null}
                        <Badge variant={r.status === "MATCHED" ? "brand" : "outline"}>
                          {r.status === "MATCHED"
                            ? t("requests.statusMatched")
                            : r.status === "CANCELLED"
                              ? t("requests.statusCancelled")
                              : t("requests.statusPending")}
                        </Badge>
                      </span>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-muted-foreground">{t("requests.empty")}</p>
              )}
            </section>
          </>
        ) : (
          <Button asChild variant="gradient">
            <Link to="/auth?redirect=%2Ffeed%3Frequest%3D1">{t("requests.signIn")}</Link>
          </Button>
        )}
      </DialogContent>
    </Dialog>
  );
}
