import type { TProfile } from "@viewvault/shared";
import { ArrowUpRight, Coins, History, Wallet } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { OfflineBalanceNote } from "@/components/money/offline-balance-note";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { toBigBalances, useBalances } from "@/lib/balances";
import { useMoneyFormat } from "@/lib/use-money-format";

/** "T9yD14…Nn7Q": enough of an address to recognise it. */
function shorten(address: string): string {
  return address.length > 14 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}

/** USDT wallet: live balance, pending withdrawals, the payout wallet and "Sacar". */
export function UsdtWalletCard({ profile }: { profile: TProfile }) {
  const { t } = useTranslation("dashboard");
  const fmt = useMoneyFormat();
  const balances = toBigBalances(useBalances().data);
  const headingId = useId();
  return (
    <Card
      role="region"
      aria-labelledby={headingId}
      className="relative overflow-hidden border-0 bg-linear-to-br from-brand-from to-brand-to text-white shadow-lg shadow-brand-from/20 dark:text-slate-950"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-16 -right-16 size-48 rounded-full bg-white/15 blur-2xl"
      />
      <CardContent className="relative grid gap-5 p-6">
        <div className="flex items-start justify-between gap-3">
          <div className="grid gap-1">
            <h2 id={headingId} className="flex items-center gap-2 text-sm font-semibold opacity-90">
              <Coins aria-hidden="true" className="size-4" />
              {t("wallet.title")}
            </h2>
            <span className="text-xs opacity-80">{t("wallet.balance")}</span>
          </div>
          {/* Hologram-style avatar: the member's initial behind a moving sheen. */}
          <span
            aria-hidden="true"
            className="relative flex size-12 items-center justify-center overflow-hidden rounded-2xl border border-white/40 bg-white/20 text-lg font-bold uppercase shadow-inner backdrop-blur"
          >
            {profile.username.slice(0, 1)}
            <span className="absolute inset-0 bg-linear-to-tr from-transparent via-white/40 to-transparent motion-safe:animate-pulse" />
          </span>
        </div>
        <p className="flex items-baseline gap-2">
          {balances ? (
            <span
              className="text-3xl font-bold tabular-nums sm:text-4xl"
              data-testid="usdt-balance"
            >
              {fmt.usdt(balances.usdt)}
            </span>
          ) : (
            <span className="h-10 w-32 animate-pulse rounded bg-white/25" />
          )}
          <span className="text-sm font-semibold opacity-90">USDT</span>
        </p>
        <OfflineBalanceNote className="-mt-3" />
        {balances && balances.pendingUsdt > 0n ? (
          <p className="-mt-3 text-xs opacity-90">
            {t("wallet.pending", { amount: fmt.usdt(balances.pendingUsdt) })}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-black/10 px-3 py-2 text-xs dark:bg-white/20">
          <span className="flex min-w-0 items-center gap-2">
            <Wallet aria-hidden="true" className="size-4 shrink-0" />
            {profile.walletAddress ? (
              <span className="truncate">
                <span className="sr-only">{t("wallet.walletId")}: </span>
                {profile.walletNetwork} ·{" "}
                <span className="font-mono" title={profile.walletAddress}>
                  {shorten(profile.walletAddress)}
                </span>
              </span>
            ) : (
              <span>{t("wallet.noWallet")}</span>
            )}
          </span>
          {profile.walletAddress ? null : (
            <Link to="/settings?tab=wallet" className="font-semibold underline underline-offset-4">
              {t("wallet.addWallet")}
            </Link>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            asChild
            className="flex-1 bg-white text-slate-900 shadow-sm hover:bg-white/90 dark:bg-slate-950 dark:text-white dark:hover:bg-slate-950/90"
          >
            <Link to="/withdraw">
              <ArrowUpRight aria-hidden="true" />
              {t("wallet.withdraw")}
            </Link>
          </Button>
          <Button
            asChild
            variant="ghost"
            className="flex-1 border border-white/40 hover:bg-white/15 hover:text-current dark:border-slate-950/30"
          >
            <Link to="/activity?currency=USDT">
              <History aria-hidden="true" />
              {t("wallet.activity")}
            </Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
