import { WifiOff } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useOnline } from "@/lib/use-online";

/**
 * While the browser is offline, every page says so above its content: what it shows is the last
 * known state (ADR 034). A polite live region, so a screen reader hears it once when it appears.
 */
export function OfflineBanner() {
  const { t } = useTranslation("common");
  const online = useOnline();
  return (
    <div role="status" aria-live="polite">
      {online ? null : (
        <p
          data-testid="offline-banner"
          className="flex items-center justify-center gap-2 border-b border-amber-500/40 bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-950 dark:bg-amber-950 dark:text-amber-100"
        >
          <WifiOff aria-hidden="true" className="size-4 shrink-0" />
          {t("offline.banner")}
        </p>
      )}
    </div>
  );
}
