import { AlertCircle } from "lucide-react";
import { Alert, AlertDescription } from "./alert";
import { Input } from "./input";
import { Label } from "./label";

/** A form's error in a red alert (nothing when there is none). */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert variant="destructive">
      <AlertCircle aria-hidden="true" />
      <AlertDescription className="text-foreground">{message}</AlertDescription>
    </Alert>
  );
}

/** A labelled password input. */
export function PasswordField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: "current-password" | "new-password";
  autoFocus?: boolean;
  required?: boolean;
  invalid?: boolean;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={props.id}>{props.label}</Label>
      <Input
        id={props.id}
        type="password"
        autoComplete={props.autoComplete}
        autoFocus={props.autoFocus}
        required={props.required}
        aria-invalid={props.invalid || undefined}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </div>
  );
}
