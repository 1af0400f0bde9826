import { Bell } from "lucide-react";
import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { useUnreadCount } from "@/lib/notifications/unread-count";
import { cn } from "@/lib/utils";

/**
 * The bell in the top bar: a link to /notifications with the unread count, kept live by the
 * stream's `notifications` event. Its name says the count to a screen reader.
 */
export function NotificationBell() {
  const { t } = useTranslation("notifications");
  const unread = useUnreadCount().data?.unread ?? 0;
  const shown = unread > 99 ? "99+" : String(unread);
  return (
    <NavLink
      to="/notifications"
      aria-label={unread > 0 ? t("bellUnread", { count: unread }) : t("bell")}
      data-testid="notification-bell"
      data-unread={unread}
      className={({ isActive }) =>
        cn(
          "relative inline-flex size-10 items-center justify-center rounded-md outline-none transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring",
          isActive && "bg-accent text-accent-foreground",
        )
      }
    >
      <Bell aria-hidden="true" className="size-5" />
      {unread > 0 ? (
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-destructive px-1 text-center text-[11px] leading-5 font-semibold text-destructive-foreground"
        >
          {shown}
        </span>
      ) : null}
    </NavLink>
  );
}
