import { NOTIFICATION_KIND_NAMES, type TNotificationKind } from "@viewvault/shared";
import { BellOff, CheckCheck, Loader2 } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { NativeSelect } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { useUnreadCount } from "@/lib/notifications/unread-count";
import { useNotifications } from "../api/list-notifications";
import { useMarkRead } from "../api/mark-read";
import { NotificationItem } from "./notification-item";

/** The inbox: a kind filter, "Mark all as read", the list a page at a time ("Load more"). */
export function NotificationInbox({
  kind,
  onKindChange,
}: {
  kind: TNotificationKind | undefined;
  onKindChange: (kind: TNotificationKind | undefined) => void;
}) {
  const { t } = useTranslation("notifications");
  const ids = useId();
  const query = useNotifications(kind);
  const unread = useUnreadCount().data?.unread ?? 0;
  const mark = useMarkRead();
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid min-w-52 flex-1 gap-2 sm:flex-none">
          <Label htmlFor={`${ids}-kind`}>{t("filter")}</Label>
          <NativeSelect
            id={`${ids}-kind`}
            value={kind ?? ""}
            onChange={(event) =>
              onKindChange((event.target.value || undefined) as TNotificationKind | undefined)
            }
          >
            <option value="">{t("allKinds")}</option>
            {NOTIFICATION_KIND_NAMES.map((name) => (
              <option key={name} value={name}>
                {t(`kinds.${name}.label`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button
          variant="outline"
          className="w-full sm:ml-auto sm:w-auto"
          disabled={unread === 0 || mark.isPending}
          onClick={() => mark.mutate(null)}
        >
          <CheckCheck aria-hidden="true" />
          {t("markAllRead")}
        </Button>
      </div>
      {query.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label={t("loading")} />
        </div>
      ) : query.isError ? (
        <Card className="p-6 text-center text-sm text-destructive">
          <p role="alert">{t("failed")}</p>
          <Button variant="outline" className="mt-4" onClick={() => query.refetch()}>
            {t("retry")}
          </Button>
        </Card>
      ) : items.length === 0 ? (
        <Card className="grid justify-items-center gap-3 p-10 text-center">
          <BellOff aria-hidden="true" className="size-10 text-muted-foreground" />
          <p className="text-sm text-muted-foreground">{t("empty")}</p>
        </Card>
      ) : (
        <>
          <Card className="overflow-hidden">
            <ul aria-label={t("title")} className="divide-y">
              {items.map((item) => (
                <NotificationItem
                  key={item.id}
                  item={item}
                  busy={mark.isPending}
                  onRead={(id) => mark.mutate(id)}
                />
              ))}
            </ul>
          </Card>
          {query.hasNextPage ? (
            <Button
              variant="outline"
              className="justify-self-center"
              disabled={query.isFetchingNextPage}
              onClick={() => query.fetchNextPage()}
            >
              {query.isFetchingNextPage ? (
                <Loader2 aria-hidden="true" className="animate-spin" />
              ) : null}
              {t("loadMore")}
            </Button>
          ) : null}
        </>
      )}
    </div>
  );
}
