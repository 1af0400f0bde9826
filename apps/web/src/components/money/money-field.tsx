import type { ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { NativeSelect } from "@/components/ui/input";
import { FieldError, Label } from "@/components/ui/label";
import { useMoneyFormat } from "@/lib/use-money-format";

/**
 * The field pieces of the money forms (docs/decisions/064-form-field-pieces-and-attested-watch-timing.md):
 * `MoneyField` lays out any labelled control, `SelectField` is a select in it, and
 * `AvailableBalance` is the balance at an amount's label's right.
 */

/**
 * A labelled field: the label (with what sits at its right, e.g. the balance), the control, its
 * error at `<id>-error` and an optional hint. The control keeps its own `aria-describedby`.
 */
export function MoneyField({
  id,
  label,
  labelClassName,
  aside,
  error,
  className = "grid gap-2",
  children,
  after,
}: {
  id: string;
  label: ReactNode;
  labelClassName?: string;
  aside?: ReactNode;
  error: string | null;
  className?: string;
  children: ReactNode;
  /** What follows the error: a hint, a live lookup. */
  after?: ReactNode;
}) {
  const labelElement = (
    <Label htmlFor={id} className={labelClassName}>
      {label}
    </Label>
  );
  return (
    <div className={className}>
      {aside ? (
        <div className="flex items-center justify-between gap-2">
          {labelElement}
          {aside}
        </div>
      ) : (
        labelElement
      )}
      {children}
      <FieldError id={`${id}-error`}>{error}</FieldError>
      {after}
    </div>
  );
}

type SelectOption = { value: string; label: string };

/**
 * A labelled native select on a registered field. With `error` (a field that can be refused) the
 * select is described by its error and marked invalid while it has one; `placeholder` is an empty
 * first choice.
 */
export function SelectField({
  id,
  label,
  options,
  registered,
  error,
  placeholder,
  className,
}: {
  id: string;
  label: string;
  options: readonly SelectOption[];
  registered: UseFormRegisterReturn;
  error?: string | null;
  placeholder?: string;
  className?: string;
}) {
  const checked = error !== undefined;
  return (
    <MoneyField id={id} label={label} error={error ?? null} className={className}>
      <NativeSelect
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={checked ? `${id}-error` : undefined}
        {...registered}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </MoneyField>
  );
}

/**
 * "Available: 1,500 views" at an amount's label's right ("…" while the balance loads). `text` is
 * the form's own wording around the formatted amount.
 */
export function AvailableBalance({
  amount,
  currency,
  text,
}: {
  /** The balance in minor units; null or undefined while it loads. */
  amount: bigint | null | undefined;
  currency: "VIEWS" | "USDT";
  text: (amount: string) => string;
}) {
  const fmt = useMoneyFormat();
  const formatted = amount === null || amount === undefined ? "…" : fmt.amount(amount, currency);
  return <span className="text-xs text-muted-foreground">{text(formatted)}</span>;
}
