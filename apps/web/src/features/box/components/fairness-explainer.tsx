import { BOX_ITEMS, BOX_RARITIES, FAIRNESS_VECTORS, MYSTERY_BOX } from "@viewvault/shared";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { fairnessHref } from "../lib/web-fairness";
import { ItemArt, RarityPill } from "./item-art";

/** How a result is decided, the catalogue in its order, and the published test vectors. */
export function FairnessExplainer() {
  const { t } = useTranslation("box");
  const rates = MYSTERY_BOX.rates;
  const steps = t("fairness.steps", {
    returnObjects: true,
    common: rates.common,
    rare: rates.rare,
    legendary: rates.legendary,
    rareBelow: rates.common + rates.rare,
  }) as unknown as string[];
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>{t("fairness.stepsTitle")}</CardTitle>
        </CardHeader>
        <CardContent>
          <ol className="grid list-decimal gap-2 pl-5 text-sm">
            {(Array.isArray(steps) ? steps : []).map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("fairness.catalogueTitle")}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          {BOX_RARITIES.map((rarity) => (
            <div key={rarity} className="grid gap-2">
              <div className="flex items-center gap-2">
                <RarityPill rarity={rarity} label={t(`rarity.${rarity}`)} />
                <span className="text-xs text-muted-foreground">{rates[rarity]}%</span>
              </div>
              <ol className="grid gap-2 sm:grid-cols-2" start={0}>
                {BOX_ITEMS.filter((item) => item.rarity === rarity).map((item, index) => (
                  <li key={item.id} className="flex items-center gap-3">
                    <ItemArt itemId={item.id} rarity={rarity} size="sm" />
                    <div className="grid min-w-0 gap-0.5">
                      <span className="text-sm font-medium">
                        {index} · {t(`items.${item.id}.name`)}
                      </span>
                      <span className="text-xs text-muted-foreground">
                        {t(`items.${item.id}.description`)}
                      </span>
                    </div>
                  </li>
                ))}
              </ol>
            </div>
          ))}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("fairness.vectorsTitle")}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 text-xs">
          <p className="text-sm text-muted-foreground">{t("fairness.vectorsIntro")}</p>
          <ul className="grid gap-3">
            {FAIRNESS_VECTORS.map((v) => (
              <li
                key={`${v.serverSeed}-${v.clientSeed}-${v.nonce}`}
                className="grid gap-1 rounded-lg border border-border p-3"
              >
                <span className="text-muted-foreground">{t("fairness.serverSeed")}</span>
                <code className="font-mono break-all">{v.serverSeed}</code>
                <span className="text-muted-foreground">{t("fairness.seedHash")}</span>
                <code className="font-mono break-all">{v.serverSeedHash}</code>
                <span className="text-muted-foreground">
                  {t("fairness.clientSeed")} · {t("fairness.nonce")}
                </span>
                <code className="font-mono break-all">
                  {v.clientSeed}:{v.nonce}
                </code>
                <span className="text-muted-foreground">{t("fairness.vectorHmac")}</span>
                <code className="font-mono break-all">{v.hmac}</code>
                <span className="flex flex-wrap items-center gap-2 pt-1">
                  <span className="text-muted-foreground">{t("fairness.vectorResult")}:</span>
                  <span className="font-medium">{t(`items.${v.itemId}.name`)}</span>
                  <RarityPill rarity={v.rarity} label={t(`rarity.${v.rarity}`)} />
                  <span className="text-muted-foreground">
                    ({t("fairness.draws", { rarity: v.draws[0], item: v.draws[1] })})
                  </span>
                  <Link
                    to={fairnessHref(v)}
                    className="font-medium text-primary underline-offset-4 hover:underline"
                  >
                    {t("fairness.useVector")}
                  </Link>
                </span>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </>
  );
}
