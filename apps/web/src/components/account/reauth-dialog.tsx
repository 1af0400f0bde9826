import { zodResolver } from "@hookform/resolvers/zod";
import { type TReauthForm, ZReauthForm } from "@viewvault/shared";
import { Fingerprint, Loader2, Lock, ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
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

type Method = TReauthForm["method"];

/** What the member typed: the password, or a 2FA code. */
export type ReauthSecret = { password: string } | { code: string };

/**
 * "Confirm it is you": the password or a 2FA code (`ZReauthForm`) in a dialog, before an action
 * the server checks it for — an admin's step-up, saving a payout wallet. The caller sends the
 * secret with its own mutation and hands a refusal back through `report`: a wrong secret lands
 * on the field, anything else is the form's error (`fallback` for a failure).
 */
export function ReauthDialog({
  title,
  description,
  labels,
  inputId,
  initialMethod,
  canSwitch,
  pending,
  lockWhilePending = false,
  fallback,
  onConfirm,
  onClose,
  passkey,
  children,
}: {
  title: string;
  description: (method: Method) => string;
  labels: {
    password: string;
    code: string;
    usePassword: string;
    useCode: string;
    cancel: string;
    confirm: string;
  };
  /** The secret field's id (its error is `${inputId}-error`). */
  inputId: string;
  initialMethod: Method;
  /** Whether the member may switch between the password and a code (2FA on). */
  canSwitch: boolean;
  pending: boolean;
  /** Keep the dialog open while the request runs (Escape and the close button wait). */
  lockWhilePending?: boolean;
  fallback: string;
  onConfirm: (secret: ReauthSecret, report: (error: unknown) => void) => void;
  onClose: () => void;
  /**
   * A passkey instead (ADR 074), offered first: `use` runs the whole ceremony and hands a
   * refusal back through `report` (the form's error).
   */
  passkey?: { label: string; hint: string; use: (report: (error: unknown) => void) => void };
  /** Shown between the form's error and the field (what is being confirmed). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const form = useForm<z.input<typeof ZReauthForm>, unknown, TReauthForm>({
    resolver: zodResolver(ZReauthForm),
    defaultValues: { method: initialMethod, secret: "" },
  });
  const { errors } = form.formState;
  const method = useWatch({ control: form.control, name: "method" });
  const secretError = fieldText(t, errors.secret?.message);
  const errorId = `${inputId}-error`;

  function onValid(values: TReauthForm) {
    onConfirm(
      values.method === "code" ? { code: values.secret } : { password: values.secret },
      (caught) =>
        setServerError(form.setError, t, caught, {
          fields: ["secret"],
          fallbackField: "secret",
          fallback,
        }),
    );
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => (open || (lockWhilePending && pending) ? null : onClose())}
    >
      <DialogContent closeLabel={t("common:dialog.close")}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description(method)}</DialogDescription>
        </DialogHeader>
        <form onSubmit={form.handleSubmit(onValid)} className="grid gap-4" noValidate>
          <FormError message={errors.root?.server?.message} />
          {children}
          {passkey ? (
            <div className="grid gap-2">
              <Button
                type="button"
                onClick={() =>
                  passkey.use((caught) =>
                    setServerError(form.setError, t, caught, { fields: [], fallback }),
                  )
                }
                disabled={pending}
              >
                <Fingerprint aria-hidden="true" />
                {passkey.label}
              </Button>
              <p className="text-center text-xs text-muted-foreground">{passkey.hint}</p>
            </div>
          ) : null}
          <div className="grid gap-2">
            <Label htmlFor={inputId}>{method === "code" ? labels.code : labels.password}</Label>
            <Input
              id={inputId}
              type={method === "code" ? "text" : "password"}
              inputMode={method === "code" ? "numeric" : undefined}
              autoComplete={method === "code" ? "one-time-code" : "current-password"}
              maxLength={method === "code" ? 6 : 128}
              aria-invalid={secretError ? true : undefined}
              aria-describedby={secretError ? errorId : undefined}
              {...form.register("secret")}
            />
            <FieldError id={errorId}>{secretError}</FieldError>
          </div>
          {canSwitch ? (
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
              {method === "code" ? labels.usePassword : labels.useCode}
            </Button>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {labels.cancel}
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
              {labels.confirm}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
