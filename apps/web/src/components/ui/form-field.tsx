import { AlertCircle } from "lucide-react";
import type { ComponentProps } from "react";
import { Alert, AlertDescription } from "./alert";
import { Input } from "./input";
import { FieldError, Label } from "./label";

/** A form's error in a red alert (nothing when there is none). */
export function FormError({
  message,
  id,
  icon = true,
}: {
  message: string | null | undefined;
  id?: string;
  icon?: boolean;
}) {
  if (!message) return null;
  return (
    <Alert variant="destructive" id={id}>
      {icon ? <AlertCircle aria-hidden="true" /> : null}
      <AlertDescription className="text-foreground">{message}</AlertDescription>
    </Alert>
  );
}

/**
 * A labelled password input with its error (`<id>-error`, announced through aria-describedby).
 * Spread react-hook-form's `register(name)` into it.
 */
export function PasswordField({
  id,
  label,
  error,
  autoComplete,
  ...input
}: Omit<ComponentProps<"input">, "type" | "id" | "autoComplete"> & {
  id: string;
  label: string;
  autoComplete: "current-password" | "new-password";
  /** The field's error text (already translated). */
  error?: string | null;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="password"
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}
