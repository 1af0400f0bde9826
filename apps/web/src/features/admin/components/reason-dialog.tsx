import { ADMIN, ZAdminReasonRequest } from "@viewvault/shared";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { type ReportError, TextDialog } from "@/components/ui/text-dialog";

/**
 * A deliberate staff action: what happens, a required reason (recorded in the audit log), and
 * the confirming button (disabled while the action runs).
 */
export function ReasonDialog({
  title,
  description,
  confirmLabel,
  destructive = false,
  pending,
  children,
  onConfirm,
  onClose,
}: {
  title: string;
  description: string;
  confirmLabel: string;
  destructive?: boolean;
  pending: boolean;
  children?: ReactNode;
  onConfirm: (reason: string, report: ReportError) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation("admin");
  return (
    <TextDialog
      title={title}
      description={description}
      label={t("actions.reason")}
      hint={t("actions.reasonHint")}
      field="reason"
      schema={ZAdminReasonRequest.shape.reason}
      maxLength={ADMIN.reasonMaxLength}
      confirmLabel={confirmLabel}
      destructive={destructive}
      pending={pending}
      failedText={t("actions.failed")}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      {children}
    </TextDialog>
  );
}
