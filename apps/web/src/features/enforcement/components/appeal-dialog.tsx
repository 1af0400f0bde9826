import { SUPPORT_DESK, ZAppealRequest } from "@viewvault/shared";
import { useTranslation } from "react-i18next";
import { TextDialog } from "@/components/ui/text-dialog";
import { toast } from "@/lib/toast";
import { useAppealPause } from "../api/appeal-pause";

/** The appeal of a cash-out pause: a support request, prefilled with the pause's reason. */
export function AppealDialog({ reason, onClose }: { reason: string; onClose: () => void }) {
  const { t } = useTranslation("enforcement");
  const appeal = useAppealPause();
  return (
    <TextDialog
      title={t("appeal.title")}
      description={t("appeal.description")}
      label={t("appeal.message")}
      field="message"
      schema={ZAppealRequest.shape.message}
      maxLength={SUPPORT_DESK.messageMaxLength}
      defaultValue={t("appeal.prefill", { reason })}
      rows={6}
      confirmLabel={t("appeal.send")}
      pending={appeal.isPending}
      failedText={t("appeal.failed")}
      onConfirm={(message, report) =>
        appeal.mutate(
          { message },
          {
            onSuccess: () => {
              toast.success(t("appeal.sent"));
              onClose();
            },
            onError: report,
          },
        )
      }
      onClose={onClose}
    />
  );
}
