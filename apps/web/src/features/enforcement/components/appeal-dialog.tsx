import { zodResolver } from "@hookform/resolvers/zod";
import { SUPPORT_DESK, type TAppealRequest, ZAppealRequest } from "@viewvault/shared";
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
import { FieldError, Label } from "@/components/ui/label";
import { fieldText, setServerError } from "@/lib/form";
import { toast } from "@/lib/toast";
import { useAppealPause } from "../api/appeal-pause";

/** The appeal of a cash-out pause: a support request, prefilled with the pause's reason. */
export function AppealDialog({ reason, onClose }: { reason: string; onClose: () => void }) {
  const { t } = useTranslation("enforcement");
  const appeal = useAppealPause();
  const form = useForm<TAppealRequest>({
    resolver: zodResolver(ZAppealRequest),
    defaultValues: { message: t("appeal.prefill", { reason }) },
  });
  const { errors } = form.formState;
  const messageError = fieldText(t, errors.message?.message);
  return (
    <Dialog open onOpenChange={(open) => (open || appeal.isPending ? null : onClose())}>
      <DialogContent closeLabel={t("common:dialog.close")}>
        <DialogHeader>
          <DialogTitle>{t("appeal.title")}</DialogTitle>
          <DialogDescription>{t("appeal.description")}</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={form.handleSubmit((values) =>
            appeal.mutate(values, {
              onSuccess: () => {
                toast.success(t("appeal.sent"));
                onClose();
              },
              onError: (error) =>
                setServerError(form.setError, t, error, {
                  fields: ["message"],
                  fallback: t("appeal.failed"),
                }),
            }),
          )}
        >
          <FormError message={errors.root?.server?.message} />
          <div className="grid gap-2">
            <Label htmlFor="appeal-message">{t("appeal.message")}</Label>
            <textarea
              id="appeal-message"
              rows={6}
              maxLength={SUPPORT_DESK.messageMaxLength}
              className="min-h-32 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs outline-none focus-visible:ring-2 focus-visible:ring-ring md:text-sm"
              aria-invalid={messageError ? true : undefined}
              aria-describedby="appeal-message-error"
              {...form.register("message")}
            />
            <FieldError id="appeal-message-error">{messageError}</FieldError>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={appeal.isPending}>
              {t("appeal.cancel")}
            </Button>
            <Button type="submit" disabled={appeal.isPending}>
              {appeal.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
              {t("appeal.send")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
