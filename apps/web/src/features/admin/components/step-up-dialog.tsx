import { zodResolver } from "@hookform/resolvers/zod";
import { ADMIN, type TStepUpForm, ZStepUpForm } from "@viewvault/shared";
import { Loader2, Lock, ShieldCheck } from "lucide-react";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
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
import { Input } from "@/components/ui/input";
import { FieldError, Label } from "@/components/ui/label";
import { fieldText, setServerError } from "@/lib/form";
import { useConfirmStepUp } from "../api/confirm-step-up";

/**
 * Step-up (ADR 029): the password or a 2FA code before an action that moves money or changes a
 * role. The server remembers the confirmation for this session for ADMIN.stepUpMinutes.
 */
export function StepUpDialog({
  onConfirmed,
  onClose,
}: {
  onConfirmed: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation("admin");
  const mutation = useConfirmStepUp();
  const form = useForm<z.input<typeof ZStepUpForm>, unknown, TStepUpForm>({
    resolver: zodResolver(ZStepUpForm),
    defaultValues: { method: "code", secret: "" },
  });
  const { errors } = form.formState;
  const method = useWatch({ control: form.control, name: "method" });
  const secretError = fieldText(t, errors.secret?.message);

  function onValid(values: TStepUpForm) {
    mutation.mutate(
      values.method === "code" ? { code: values.secret } : { password: values.secret },
      {
        onSuccess: onConfirmed,
        onError: (caught) =>
          setServerError(form.setError, t, caught, {
            fields: ["secret"],
            fallbackField: "secret",
            fallback: t("actions.failed"),
          }),
      },
    );
  }

  return (
    <Dialog open onOpenChange={(open) => (open || mutation.isPending ? null : onClose())}>
      <DialogContent closeLabel={t("common:dialog.close")}>
        <DialogHeader>
          <DialogTitle>{t("stepUp.title")}</DialogTitle>
          <DialogDescription>
            {t(method === "code" ? "stepUp.textCode" : "stepUp.textPassword", {
              minutes: ADMIN.stepUpMinutes,
            })}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={form.handleSubmit(onValid)} className="grid gap-4" noValidate>
          <FormError message={errors.root?.server?.message} />
          <div className="grid gap-2">
            <Label htmlFor="step-up-secret">
              {method === "code" ? t("stepUp.code") : t("stepUp.password")}
            </Label>
            <Input
              id="step-up-secret"
              type={method === "code" ? "text" : "password"}
              inputMode={method === "code" ? "numeric" : undefined}
              autoComplete={method === "code" ? "one-time-code" : "current-password"}
              maxLength={method === "code" ? 6 : 128}
              aria-invalid={secretError ? true : undefined}
              aria-describedby={secretError ? "step-up-secret-error" : undefined}
              {...form.register("secret")}
            />
            <FieldError id="step-up-secret-error">{secretError}</FieldError>
          </div>
          <Button
            type="button"
            variant="link"
            size="sm"
            className="justify-self-start px-0"
            onClick={() =>
              form.reset({ method: method === "code" ? "password" : "code", secret: "" })
            }
          >
            {method === "code" ? <Lock aria-hidden="true" /> : <ShieldCheck aria-hidden="true" />}
            {method === "code" ? t("stepUp.usePassword") : t("stepUp.useCode")}
          </Button>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t("actions.cancel")}
            </Button>
            <Button type="submit" disabled={mutation.isPending}>
              {mutation.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
              {t("stepUp.confirm")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
