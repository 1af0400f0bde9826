import { NOTIFICATION_KINDS, type TNotificationKind } from "@viewvault/shared";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { MemberPage } from "@/components/layout/member-page";
import { NotificationInbox } from "@/features/notifications/components/notification-inbox";
import { useDocumentMeta } from "@/lib/use-document-meta";

function readKind(params: URLSearchParams): TNotificationKind | undefined {
  const kind = params.get("kind");
  return kind && kind in NOTIFICATION_KINDS ? (kind as TNotificationKind) : undefined;
}

/** /notifications: the member's inbox, the kind filter kept in the address. */
export function NotificationsPage() {
  const { t } = useTranslation("notifications");
  const [params, setParams] = useSearchParams();
  useDocumentMeta(t("title"));
  return (
    <MemberPage
      title={t("title")}
      subtitle={t("subtitle")}
      backLabel={t("money:back")}
      width="narrow"
    >
      <NotificationInbox
        kind={readKind(params)}
        onKindChange={(kind) => setParams(kind ? { kind } : {}, { replace: true })}
      />
    </MemberPage>
  );
}
