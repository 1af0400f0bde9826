import { zodResolver } from "@hookform/resolvers/zod";
import { ADMIN, type TAdminReasonRequest, ZAdminReasonRequest } from "@viewvault/shared";
import { Loader2 } from "lucide-react";
import type { ReactNode } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { FormError } from "@/components/ui/form-field";
import { FieldError, Label } from "@/components/ui/label";
import { fieldText, setServerError } from "@/lib/form";

/** Where a dialog's server refusal goes: onto the reason field or the form. */
export type ReportError = (error: unknown) => void;

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
  const form = useForm<TAdminReasonRequest>({
    resolver: zodResolver(ZAdminReasonRequest),
    defaultValues: { reason: "" },
  });
  const { errors } = form.formState;
  const reasonError = fieldText(t, errors.reason?.message);
  const report: ReportError = (error) =>
    setServerError(form.setError, t, error, { fields: ["reason"], fallback: t("actions.failed") });

  return (
    <Dialog open onOpenChange={(open) => (open || pending ? null : onClose())}>
      <DialogContent closeLabel={t("common:dialog.close")}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form
          onSubmit={form.handleSubmit((values) => onConfirm(values.reason, report))}
          className="grid gap-4"
          noValidate
        >
          <FormError message={errors.root?.server?.message} />
          {children}
          <div className="grid gap-2">
            <Label htmlFor="admin-reason">{t("actions.reason")}</Label>
            <textarea
              id="admin-reason"
              rows={3}
              maxLength={ADMIN.reasonMaxLength}
              className="min-h-20 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs outline-none focus-visible:ring-2 focus-visible:ring-ring md:text-sm"
              aria-invalid={reasonError ? true : undefined}
              aria-describedby="admin-reason-hint admin-reason-error"
              {...form.register("reason")}
            />
            <p id="admin-reason-hint" className="text-xs text-muted-foreground">
              {t("actions.reasonHint")}
            </p>
            <FieldError id="admin-reason-error">{reasonError}</FieldError>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={pending}>
              {t("actions.cancel")}
            </Button>
            <Button
              type="submit"
              variant={destructive ? "destructive" : "default"}
              disabled={pending}
            >
              {pending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
              {confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
