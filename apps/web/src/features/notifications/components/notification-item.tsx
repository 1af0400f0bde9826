import { notificationLink, notificationTextParams, type TNotification } from "@viewvault/shared";
import { Check } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/**
 * One notification, in the reader's language (texts by kind and parameters): its title links to
 * where it happened (and marks it read); an unread one has a "Mark as read" button.
 */
export function NotificationItem({
  item,
  onRead,
  busy,
}: {
  item: TNotification;
  onRead: (id: string) => void;
  busy: boolean;
}) {
  const { t, i18n } = useTranslation("notifications");
  const values = notificationTextParams(item.kind, item.params);
  const title = t(`kinds.${item.kind}.title`, values);
  const unread = item.readAt === null;
  const when = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? "en", {
    dateStyle: "medium",
    timeStyle: "short",
  }).format(new Date(item.createdAt));
  return (
    <li
      className={cn("flex items-start gap-3 p-4", unread && "bg-accent/40")}
      data-testid="notification-item"
      data-kind={item.kind}
      data-unread={unread}
    >
      <span
        aria-hidden="true"
        className={cn(
          "mt-2 size-2 shrink-0 rounded-full",
          unread ? "bg-primary" : "bg-transparent",
        )}
      />
      <div className="grid min-w-0 flex-1 gap-1">
        <Link
          to={notificationLink(item.kind, item.params)}
          onClick={() => {
            if (unread) onRead(item.id);
          }}
          className="rounded-sm font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        >
          {unread ? <span className="sr-only">{t("unread")}: </span> : null}
          {title}
        </Link>
        <p className="text-sm text-muted-foreground">{t(`kinds.${item.kind}.body`, values)}</p>
        <p className="text-xs text-muted-foreground">
          <time dateTime={item.createdAt}>{when}</time> · {t(`kinds.${item.kind}.label`)}
        </p>
      </div>
      {unread ? (
        <Button
          variant="ghost"
          size="icon"
          disabled={busy}
          aria-label={t("markReadOf", { title })}
          title={t("markRead")}
          onClick={() => onRead(item.id)}
        >
          <Check aria-hidden="true" />
        </Button>
      ) : null}
    </li>
  );
}
