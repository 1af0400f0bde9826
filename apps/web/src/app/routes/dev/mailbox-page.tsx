import { AlertCircle, Inbox } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { PageSpinner } from "@/components/ui/spinner";
import { isMailboxDisabled, useMailbox } from "@/features/mailbox/api/get-mailbox";
import { MailboxView } from "@/features/mailbox/components/mailbox-view";
import { useDocumentMeta } from "@/lib/use-document-meta";

/** /dev/mailbox: the e-mails the server would have sent, for working without SMTP. */
export function MailboxPage() {
  const { t } = useTranslation("mailbox");
  useDocumentMeta(t("title"));
  const mailbox = useMailbox();
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6 sm:py-10">
      <div>
        <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight">
          <Inbox aria-hidden="true" className="size-6 text-primary" />
          {t("title")}
        </h1>
        <p className="mt-2 text-muted-foreground">{t("description")}</p>
      </div>
      {mailbox.isPending ? (
        <PageSpinner label={t("common:a11y.loading")} />
      ) : mailbox.isError ? (
        <Alert variant={isMailboxDisabled(mailbox.error) ? "default" : "destructive"}>
          <AlertCircle aria-hidden="true" />
          <AlertDescription className="text-foreground">
            {isMailboxDisabled(mailbox.error) ? t("disabled") : t("errors:UNKNOWN")}
          </AlertDescription>
        </Alert>
      ) : (
        <MailboxView messages={mailbox.data.messages} />
      )}
    </div>
  );
}
