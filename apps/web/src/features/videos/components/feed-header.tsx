import { useQuery } from "@tanstack/react-query";
import { CalendarCheck, Eye, Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { HeldViewsNote } from "@/components/money/held-views-note";
import { Button } from "@/components/ui/button";
import { useAuth } from "@/lib/auth";
import { balancesQueryOptions } from "@/lib/balances";
import { useMoneyFormat } from "@/lib/use-money-format";
import { useWatchToday } from "../api/get-watch-today";
import { RequestViews } from "./request-views";

/** Today's credited watch sessions against the daily cap ("37 of 200 today"), UTC day. */
function FeedToday() {
  const { t } = useTranslation("videos");
  const fmt = useMoneyFormat();
  const today = useWatchToday(true);
  if (!today.data) return null;
  const { credited, cap } = today.data;
  const params = { credited: fmt.views(BigInt(credited)), cap: fmt.views(BigInt(cap)) };
  const full = credited >= cap;
  return (
    <div
      className="inline-flex h-10 items-center gap-2 rounded-md border bg-card px-3 text-sm"
      title={full ? t("feed.todayFull", params) : t("feed.todayLabel", params)}
    >
      <CalendarCheck
        aria-hidden="true"
        className={full ? "size-4 text-destructive" : "size-4 text-primary"}
      />
      <span className="sr-only">
        {full ? t("feed.todayFull", params) : t("feed.todayLabel", params)}
      </span>
      <span aria-hidden="true" className="font-semibold tabular-nums" data-testid="feed-today">
        {t("feed.today", params)}
      </span>
    </div>
  );
}

/**
 * The member's available views (live: balance changes update this query), and under them the
 * views earned and still on hold, with when they clear (ADR 047).
 */
function FeedBalance() {
  const { t } = useTranslation("videos");
  const fmt = useMoneyFormat();
  const balances = useQuery(balancesQueryOptions());
  return (
    // The chip on the box's edge, the note under it: a wide note does not push the chip inward.
    <div className="grid justify-items-start gap-1">
      <div
        className="inline-flex h-10 items-center gap-2 rounded-md border bg-card px-3 text-sm"
        data-testid="feed-balance"
      >
        <Eye aria-hidden="true" className="size-4 text-primary" />
        <span className="text-muted-foreground">{t("feed.balance")}</span>
        <span className="font-semibold tabular-nums">
          {balances.data ? fmt.views(BigInt(balances.data.views)) : "…"}
        </span>
      </div>
      <HeldViewsNote />
    </div>
  );
}

/**
 * The feed's heading: title, subtitle (sign in to earn, for visitors), the member's views,
 * Request Views (its dialog's open state is the caller's, kept in the address) and Add Video.
 */
export function FeedHeader({
  requestOpen,
  onRequestOpenChange,
}: {
  requestOpen: boolean;
  onRequestOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("videos");
  const { user } = useAuth();
  return (
    <header className="flex flex-wrap items-end justify-between gap-4">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("feed.title")}</h1>
        <p className="text-muted-foreground">
          {user ? t("feed.subtitle") : t("feed.signInToEarn")}
        </p>
      </div>
      {/* Tops aligned: the pending note under the views chip does not lift the chip. */}
      <div className="flex flex-wrap items-start gap-2" data-testid="feed-actions">
        {user ? <FeedToday /> : null}
        {user ? <FeedBalance /> : null}
        <RequestViews open={requestOpen} onOpenChange={onRequestOpenChange} signedIn={!!user} />
        <Button asChild variant="gradient">
          <Link to="/add-video">
            <Plus aria-hidden="true" />
            {t("feed.addVideo")}
          </Link>
        </Button>
      </div>
    </header>
  );
}
