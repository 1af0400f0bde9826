import { zodResolver } from "@hookform/resolvers/zod";
import {
  ADMIN,
  ROLES,
  type Role,
  type TAdminRoleRequest,
  ZAdminRoleRequest,
} from "@viewvault/shared";
import { Loader2 } from "lucide-react";
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
import { NativeSelect } from "@/components/ui/input";
import { FieldError, Label } from "@/components/ui/label";
import type { ReportError } from "@/components/ui/text-dialog";
import { fieldText, setServerError } from "@/lib/form";

/** Changing a member's role: the new role and a reason (`ZAdminRoleRequest`). */
export function RoleDialog({
  username,
  current,
  pending,
  onConfirm,
  onClose,
}: {
  username: string;
  current: Role;
  pending: boolean;
  onConfirm: (request: TAdminRoleRequest, report: ReportError) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation("admin");
  const form = useForm<TAdminRoleRequest>({
    resolver: zodResolver(ZAdminRoleRequest),
    defaultValues: { role: current, reason: "" },
  });
  const { errors } = form.formState;
  const reasonError = fieldText(t, errors.reason?.message);
  const report: ReportError = (error) =>
    setServerError(form.setError, t, error, {
      fields: ["reason", "role"],
      fallback: t("actions.failed"),
    });

  return (
    <Dialog open onOpenChange={(open) => (open || pending ? null : onClose())}>
      <DialogContent closeLabel={t("common:dialog.close")}>
        <DialogHeader>
          <DialogTitle>{t("actions.roleTitle", { username })}</DialogTitle>
          <DialogDescription>{t("actions.roleText")}</DialogDescription>
        </DialogHeader>
        <form
          onSubmit={form.handleSubmit((values) => onConfirm(values, report))}
          className="grid gap-4"
          noValidate
        >
          <FormError message={errors.root?.server?.message} />
          <div className="grid gap-2 sm:max-w-xs">
            <Label htmlFor="admin-role">{t("actions.newRole")}</Label>
            <NativeSelect id="admin-role" {...form.register("role")}>
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {t(`roles.${role}`)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="admin-role-reason">{t("actions.reason")}</Label>
            <textarea
              id="admin-role-reason"
              rows={3}
              maxLength={ADMIN.reasonMaxLength}
              className="min-h-20 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs outline-none focus-visible:ring-2 focus-visible:ring-ring md:text-sm"
              aria-invalid={reasonError ? true : undefined}
              aria-describedby="admin-role-reason-error"
              {...form.register("reason")}
            />
            <FieldError id="admin-role-reason-error">{reasonError}</FieldError>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={pending}>
              {t("actions.cancel")}
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
              {t("actions.changeRole")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
