import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import { type ReactNode, useId } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
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
import { ApiError } from "@/lib/api-client";
import { fieldText, setServerError } from "@/lib/form";

/** Where a dialog's server refusal goes: onto its text field or the form. */
export type ReportError = (error: unknown) => void;

/**
 * A dialog that asks for one text before an action: a staff member's reason, a note, an appeal.
 * The text is checked with the request's own shared schema for that field (`schema`), and a
 * server refusal of that field (`field`, its name in the request) is shown on it; any other
 * failure on the form (`failedText` when the server gave none). The confirming button is disabled
 * while the action runs, and the dialog cannot be closed then.
 */
export function TextDialog({
  title,
  description,
  label,
  hint,
  field,
  schema,
  maxLength,
  defaultValue = "",
  rows = 3,
  singleLine = false,
  confirmLabel,
  destructive = false,
  pending,
  failedText,
  children,
  onConfirm,
  onClose,
}: {
  title: string;
  description: string;
  label: string;
  hint?: string;
  /** The text's name in the request, for the server's refusals of it. */
  field: string;
  schema: z.ZodType<string | undefined, string | undefined>;
  maxLength: number;
  defaultValue?: string;
  rows?: number;
  singleLine?: boolean;
  confirmLabel: string;
  destructive?: boolean;
  pending: boolean;
  failedText: string;
  children?: ReactNode;
  onConfirm: (text: string, report: ReportError) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation("common");
  const id = useId();
  const form = useForm({
    resolver: zodResolver(z.object({ text: schema })),
    defaultValues: { text: defaultValue },
  });
  const { errors } = form.formState;
  const error = fieldText(t, errors.text?.message);
  const report: ReportError = (failure) =>
    setServerError(form.setError, t, failure, {
      fields: [],
      fallbackField: failure instanceof ApiError && failure.field === field ? "text" : undefined,
      fallback: failedText,
    });
  const described = [hint ? `${id}-hint` : null, `${id}-error`].filter(Boolean).join(" ");
  const input = {
    id,
    maxLength,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": described,
    ...form.register("text"),
  };

  return (
    <Dialog open onOpenChange={(open) => (open || pending ? null : onClose())}>
      <DialogContent closeLabel={t("dialog.close")}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form
          onSubmit={form.handleSubmit((values) => onConfirm(values.text ?? "", report))}
          className="grid gap-4"
          noValidate
        >
          <FormError message={errors.root?.server?.message} />
          {children}
          <div className="grid gap-2">
            <Label htmlFor={id}>{label}</Label>
            {singleLine ? (
              <Input autoComplete="off" {...input} />
            ) : (
              <textarea
                rows={rows}
                className={`${rows > 3 ? "min-h-32" : "min-h-20"} w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs outline-none focus-visible:ring-2 focus-visible:ring-ring md:text-sm`}
                {...input}
              />
            )}
            {hint ? (
              <p id={`${id}-hint`} className="text-xs text-muted-foreground">
                {hint}
              </p>
            ) : null}
            <FieldError id={`${id}-error`}>{error}</FieldError>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={pending}>
              {t("dialog.cancel")}
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
