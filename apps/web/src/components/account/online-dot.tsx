import { useTranslation } from "react-i18next";
import { useOnline } from "@/lib/presence/presence";
import { cn } from "@/lib/utils";

/**
 * A green dot when the member is online (heartbeat within 90 s), grey otherwise, with the state
 * for screen readers. Pass `online` when a list already asked for many members at once. Its
 * words live in `money` (with the member chip's), a namespace every member page has loaded.
 */
export function OnlineDot({
  profileId,
  online,
  className,
}: {
  profileId: string;
  online?: boolean;
  className?: string;
}) {
  const { t } = useTranslation("money");
  const asked = useOnline(online === undefined ? [profileId] : []);
  const isOnline = online ?? asked.data?.has(profileId) ?? false;
  const label = isOnline ? t("member.online") : t("member.offline");
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      data-testid="online-dot"
      data-online={isOnline ? "true" : "false"}
      className={cn(
        "inline-block size-2.5 shrink-0 rounded-full ring-2 ring-background",
        isOnline ? "bg-success" : "bg-muted-foreground/40",
        className,
      )}
    />
  );
}
