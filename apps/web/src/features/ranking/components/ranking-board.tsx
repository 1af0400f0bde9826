import {
  RANKING,
  type RankingPeriod,
  type TRankingEntry,
  type TRankingPage,
} from "@viewvault/shared";
import { Crown, Eye, RefreshCw, Users, Wallet } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { MemberChip } from "@/components/account/member-chip";
import { ReferralBadge } from "@/components/account/referral-badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Pager } from "@/components/ui/pager";
import { Spinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useOnline } from "@/lib/presence/presence";
import { badgeFor } from "@/lib/referral-math";
import { useMoneyFormat } from "@/lib/use-money-format";
import { cn } from "@/lib/utils";
import { useRanking } from "../api/ranking";

/**
 * /ranking: the summary cards, the period tabs, the Hall of Fame (top 3) and the complete list,
 * a page at a time, with the member's own row highlighted — pinned below the list when it is on
 * another page.
 */
export function RankingBoard() {
  const { t } = useTranslation("ranking");
  const [period, setPeriod] = useState<RankingPeriod>("week");
  const [page, setPage] = useState(1);
  const query = useRanking(period, page);

  return (
    <div className="grid gap-6">
      <SummaryCards data={query.data} />
      <Tabs
        value={period}
        onValueChange={(value) => {
          setPeriod(value as RankingPeriod);
          setPage(1);
        }}
      >
        <TabsList>
          {RANKING.periods.map((p) => (
            <TabsTrigger key={p} value={p}>
              {t(`periods.${p}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        {/* The list is the selected tab's panel (each tab controls a panel that exists). */}
        <TabsContent value={period} className="mt-6 grid gap-6">
          {query.isPending ? (
            <div className="flex justify-center py-12">
              <Spinner />
            </div>
          ) : query.isError ? (
            <div className="grid justify-items-center gap-3 py-10 text-center" role="alert">
              <p className="text-sm text-destructive">{t("list.loadFailed")}</p>
              <Button type="button" variant="outline" size="sm" onClick={() => query.refetch()}>
                <RefreshCw aria-hidden="true" />
                {t("list.retry")}
              </Button>
            </div>
          ) : query.data.entries.length === 0 && page === 1 ? (
            <Card>
              <CardContent className="py-10 text-center text-muted-foreground">
                {t("list.empty")}
              </CardContent>
            </Card>
          ) : (
            <>
              {page === 1 ? (
                <HallOfFame entries={query.data.entries.slice(0, RANKING.hallOfFame)} />
              ) : null}
              <RankingList data={query.data} page={page} setPage={setPage} />
            </>
          )}
        </TabsContent>
      </Tabs>
    </div>
  );
}

function SummaryCards({ data }: { data: TRankingPage | undefined }) {
  const { t } = useTranslation("ranking");
  const fmt = useMoneyFormat();
  const summary = data?.summary;
  const cards = [
    {
      key: "members",
      icon: Users,
      value: summary ? fmt.views(BigInt(summary.members)) : "…",
      hint: t("summary.membersHint"),
    },
    {
      key: "views",
      icon: Eye,
      value: summary ? fmt.views(BigInt(summary.viewsInCirculation)) : "…",
      hint: t("summary.viewsHint"),
    },
    {
      key: "volume",
      icon: Wallet,
      value: summary ? fmt.amount(summary.usdtVolume, "USDT") : "…",
      hint: t("summary.volumeHint"),
    },
  ] as const;
  return (
    <div className="grid gap-3">
      <div className="grid gap-4 sm:grid-cols-3">
        {cards.map(({ key, icon: Icon, value, hint }) => (
          <Card key={key}>
            <CardContent className="grid gap-1 p-5">
              <span className="flex items-center gap-2 text-sm text-muted-foreground">
                <Icon aria-hidden="true" className="size-4 text-primary" />
                {t(`summary.${key}`)}
              </span>
              <span className="text-2xl font-bold tabular-nums" data-testid={`ranking-${key}`}>
                {value}
              </span>
              <span className="text-xs text-muted-foreground">{hint}</span>
            </CardContent>
          </Card>
        ))}
      </div>
      {summary ? (
        <p className="text-xs text-muted-foreground">
          {t("summary.updated", {
            time: fmt.dateTime(summary.computedAt),
            minutes: RANKING.refreshMinutes,
          })}
        </p>
      ) : null}
    </div>
  );
}

const PODIUM = [
  "border-amber-400/50 bg-amber-400/10",
  "border-slate-400/50 bg-slate-400/10",
  "border-orange-400/50 bg-orange-400/10",
];

function HallOfFame({ entries }: { entries: TRankingEntry[] }) {
  const { t } = useTranslation("ranking");
  const fmt = useMoneyFormat();
  const online = useOnline(entries.map((entry) => entry.member.id));
  return (
    <section aria-labelledby="hall-of-fame" className="grid gap-3">
      <h2 id="hall-of-fame" className="flex items-center gap-2 text-lg font-semibold">
        <Crown aria-hidden="true" className="size-5 text-amber-500" />
        {t("hallOfFame")}
      </h2>
      <ol className="grid gap-4 sm:grid-cols-3">
        {entries.map((entry, i) => (
          <li
            key={entry.member.id}
            className={cn("grid gap-2 rounded-xl border p-4", PODIUM[i])}
            data-testid="hall-of-fame"
          >
            <span className="text-3xl font-bold">#{entry.rank}</span>
            <MemberChip
              username={entry.member.username}
              isVerified={entry.member.isVerified}
              presence={{
                id: entry.member.id,
                online: online.data?.has(entry.member.id) ?? false,
              }}
            />
            <span className="text-sm font-semibold tabular-nums">
              {fmt.amount(entry.earnedViews, "VIEWS")}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function RankingList({
  data,
  page,
  setPage,
}: {
  data: TRankingPage;
  page: number;
  setPage: (page: number) => void;
}) {
  const { t } = useTranslation("ranking");
  const meOnPage = data.me && data.entries.some((e) => e.member.id === data.me?.member.id);
  const shown = data.me ? [...data.entries, data.me] : data.entries;
  const online = useOnline(shown.map((entry) => entry.member.id));
  const isOnline = (entry: TRankingEntry) => online.data?.has(entry.member.id) ?? false;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("list.title")}</CardTitle>
        <CardDescription>{t("list.usdtHint")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="overflow-x-auto">
          <table className="w-full min-w-[34rem] text-sm">
            <thead>
              <tr className="border-b text-left text-xs text-muted-foreground">
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("list.rank")}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("list.member")}
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  {t("list.referrals")}
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  {t("list.usdt")}
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  {t("list.views")}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.entries.map((entry) => (
                <RankingRow
                  key={entry.member.id}
                  entry={entry}
                  me={entry.member.id === data.me?.member.id}
                  online={isOnline(entry)}
                />
              ))}
              {data.me && !meOnPage ? (
                <>
                  <tr>
                    <td colSpan={5} className="py-1 text-center text-muted-foreground">
                      <span aria-hidden="true">⋯</span>
                    </td>
                  </tr>
                  <RankingRow entry={data.me} me online={isOnline(data.me)} />
                </>
              ) : null}
            </tbody>
          </table>
        </div>
        {!data.me ? (
          <p className="text-sm text-muted-foreground">
            {data.hidden ? t("list.hiddenNote") : t("list.notRanked")}
          </p>
        ) : null}
        <Pager
          page={page}
          hasMore={data.hasMore}
          onPage={setPage}
          label={t("list.title")}
          previousLabel={t("list.previous")}
          nextLabel={t("list.next")}
          pageText={t("list.page", { page })}
        />
      </CardContent>
    </Card>
  );
}

function RankingRow({ entry, me, online }: { entry: TRankingEntry; me: boolean; online: boolean }) {
  const { t } = useTranslation("ranking");
  const fmt = useMoneyFormat();
  const badge = badgeFor(entry.referralCount);
  return (
    <tr
      className={cn("border-b last:border-0", me && "bg-primary/10 font-semibold")}
      data-testid={me ? "ranking-me" : "ranking-row"}
      aria-current={me ? "true" : undefined}
    >
      <td className="py-2.5 pr-3 tabular-nums">#{entry.rank}</td>
      <td className="py-2.5 pr-3">
        <span className="flex flex-wrap items-center gap-2">
          <MemberChip
            username={entry.member.username}
            isVerified={entry.member.isVerified}
            presence={{ id: entry.member.id, online }}
            avatarClassName="size-7 text-xs"
          />
          {badge ? <ReferralBadge badge={badge} className="px-2 py-0.5" /> : null}
          {me ? (
            <span className="rounded-full bg-primary px-2 py-0.5 text-xs text-primary-foreground">
              {t("list.you")}
            </span>
          ) : null}
        </span>
      </td>
      <td className="py-2.5 pr-3 text-right tabular-nums">
        {fmt.views(BigInt(entry.referralCount))}
      </td>
      <td className="py-2.5 pr-3 text-right tabular-nums">{fmt.usdt(BigInt(entry.earnedUsdt))}</td>
      <td className="py-2.5 text-right tabular-nums">{fmt.views(BigInt(entry.earnedViews))}</td>
    </tr>
  );
}
