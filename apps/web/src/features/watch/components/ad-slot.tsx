import { Megaphone, Sparkles } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { usePublicConfig } from "../api/get-config";

/** The configured ad network's tag, loaded into this slot (its origin is allowed by the CSP). */
function NetworkAd({ src }: { src: string }) {
  const slot = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = slot.current;
    if (!node) return;
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.dataset.adSlot = "watch";
    node.appendChild(script);
    return () => {
      node.replaceChildren();
    };
  }, [src]);
  return <div ref={slot} className="min-h-48 w-full" data-testid="network-ad" />;
}

/** ViewVault's own promotion, shown when no ad network is configured. */
function HouseAd() {
  const { t } = useTranslation("videos");
  return (
    <div
      className="grid min-h-48 w-full place-content-center gap-3 rounded-lg bg-linear-to-br from-brand-from to-brand-to p-6 text-center text-white"
      data-testid="house-ad"
    >
      <Megaphone aria-hidden="true" className="mx-auto size-10" />
      <p className="text-xl font-bold">{t("ad.houseTitle")}</p>
      <p className="opacity-90">{t("ad.houseText")}</p>
      <ul className="mx-auto grid gap-1 text-sm opacity-90">
        {(["housePoint1", "housePoint2"] as const).map((key) => (
          <li key={key} className="inline-flex items-center justify-center gap-1.5">
            <Sparkles aria-hidden="true" className="size-3.5" />
            {t(`ad.${key}`)}
          </li>
        ))}
      </ul>
      <p className="text-xs opacity-75">{t("ad.houseBrand")}</p>
    </div>
  );
}

/**
 * The ad slot: the network's tag when AD_NETWORK_TAG is set, the house ad otherwise. The ad's
 * timer lives in the watch session (on the server's clock), never in a third-party script.
 */
export function AdSlot() {
  const config = usePublicConfig();
  const tag = config.data?.adNetworkTag;
  return tag ? <NetworkAd src={tag} /> : <HouseAd />;
}
