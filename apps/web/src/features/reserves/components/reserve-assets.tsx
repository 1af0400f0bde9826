import type { TReserveAsset } from "@viewvault/shared";
import { BadgeCheck, CircleAlert, ExternalLink } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";
import { useMoneyFormat } from "@/lib/use-money-format";

/** Each reserve address: network, balance at its block, explorer link, signed message. */
export function ReserveAssets({ assets }: { assets: TReserveAsset[] }) {
  const { t } = useTranslation("transparency");
  const fmt = useMoneyFormat();
  return (
    <section className="grid gap-3" aria-labelledby="reserve-assets-title">
      <h3 id="reserve-assets-title" className="text-sm font-semibold">
        {t("reserves.assets.title")}
      </h3>
      <ul className="grid gap-3">
        {assets.map((a) => (
          <li key={`${a.network}-${a.address}`} className="grid gap-2 rounded-xl border p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-medium">
                {a.network} · {t(a.kind === "hot" ? "reserves.assets.hot" : "reserves.assets.cold")}
              </span>
              <Badge variant={a.counted ? "brand" : "outline"}>
                {a.counted ? <BadgeCheck aria-hidden="true" /> : <CircleAlert aria-hidden="true" />}
                {t(a.counted ? "reserves.assets.counted" : "reserves.assets.notCounted")}
              </Badge>
            </div>
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
              <dt className="text-muted-foreground">{t("reserves.assets.balance")}</dt>
              <dd className="font-semibold tabular-nums">{fmt.amount(a.microUsdt, "USDT")}</dd>
              <dt className="text-muted-foreground">{t("reserves.assets.block")}</dt>
              <dd className="tabular-nums">{a.blockNumber}</dd>
              <dt className="text-muted-foreground">{t("reserves.assets.address")}</dt>
              <dd>
                <a
                  className="inline-flex items-center gap-1 break-all text-primary underline-offset-4 hover:underline"
                  href={a.explorerUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t("reserves.assets.explorer", { address: a.address })}
                >
                  {a.address}
                  <ExternalLink aria-hidden="true" className="size-3" />
                </a>
              </dd>
            </dl>
            <details className="text-xs">
              <summary className="cursor-pointer text-sm">{t("reserves.assets.signature")}</summary>
              <pre className="mt-2 whitespace-pre-wrap break-all rounded-md bg-muted p-2">
                {a.message}
              </pre>
              <code className="mt-1 block break-all rounded-md bg-muted p-2">
                {a.signature ?? "—"}
              </code>
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}
