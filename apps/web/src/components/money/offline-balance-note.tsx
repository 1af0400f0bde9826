import { WifiOff } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useOnline } from "@/lib/use-online";
import { cn } from "@/lib/utils";

/**
 * Beside a balance: while the browser is offline, says that the figure is the last one known
 * and may not be current (ADR 034); nothing while online.
 */
export function OfflineBalanceNote({ className }: { className?: string }) {
  const { t } = useTranslation("money");
  const online = useOnline();
  if (online) return null;
  return (
    <p
      data-testid="balance-offline"
      className={cn("flex items-center gap-1.5 text-xs font-medium", className)}
    >
      <WifiOff aria-hidden="true" className="size-3.5 shrink-0" />
      {t("balances.offline")}
    </p>
  );
}
