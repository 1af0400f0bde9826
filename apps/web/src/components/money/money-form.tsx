import { zodResolver } from "@hookform/resolvers/zod";
import type { TFunction } from "i18next";
import { type ReactNode, useId } from "react";
import {
  type DefaultValues,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type SubmitErrorHandler,
  type UseFormReturn,
  useForm,
} from "react-hook-form";
import type { ZodType } from "zod";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormError } from "@/components/ui/form-field";
import { fieldText, setServerError } from "@/lib/form";
import { errorText } from "@/lib/problem-text";
import { toast } from "@/lib/toast";
import { SubmitButton, type SubmitProps } from "./submit-button";

/**
 * The money-form shell (transfer, swap, withdrawal, marketplace offer, new video): react-hook-form
 * on the shared contract, the catalogue's texts on the fields, the server's refusal on its field.
 * A money form is its fields, its preview and its submit (the idempotent mutation of
 * `lib/use-idempotent-mutation`); `<MoneyForm>` lays them out. See docs/patterns.md "Forms".
 */
export function useMoneyForm<TValues extends FieldValues, TContext>({
  t,
  contract,
  context,
  defaultValues,
  fields,
}: {
  t: TFunction;
  /**
   * The shared contract (`transferForm(context)`, …), built from what only the page knows
   * (react-hook-form's `context`) and, when a check needs a lookup, from the values.
   */
  contract: (
    context: TContext,
    values: TValues,
  ) => ZodType<TValues, TValues> | Promise<ZodType<TValues, TValues>>;
  context: TContext;
  defaultValues: DefaultValues<NoInfer<TValues>>;
  /** The fields a refusal may land on, in the order their errors are toasted. */
  fields: readonly FieldPath<NoInfer<TValues>>[];
}) {
  const resolver: Resolver<TValues, TContext> = async (values, given, options) => {
    const schema = await contract(given ?? context, values);
    const resolve = zodResolver(schema as never) as unknown as Resolver<TValues, TContext>;
    return resolve(values, given, options);
  };
  const form = useForm<TValues, TContext>({ defaultValues, context, resolver });
  const { errors } = form.formState;
  // One toast per form: a new failure replaces the last one, a valid submit dismisses it.
  const toastId = useId();
  FORM_TOASTS.set(form.control, toastId);

  /** A field's error in the member's language (null when it has none). */
  function fieldError(name: FieldPath<TValues>): string | null {
    return fieldText(t, messageOf(errors, name));
  }

  /** The seeds toast the first failed check; its field shows it too. */
  const onInvalid: SubmitErrorHandler<TValues> = (found) => {
    const message = fields.map((name) => messageOf(found, name)).find(Boolean);
    const text = fieldText(t, message);
    if (text) toast.error(text, { id: toastId });
  };

  /** The server's refusal on its field (or `fallbackField`), anything else on the form. */
  function refuse(
    error: unknown,
    options: { fallback: string; fallbackField?: FieldPath<TValues> },
  ) {
    return setServerError(form.setError, t, error, { fields, ...options });
  }

  /** `refuse`, then the catalogue's text (or `toastFallback`) in a toast. */
  function fail(
    error: unknown,
    options: { fallback: string; toastFallback?: string; fallbackField?: FieldPath<TValues> },
  ) {
    const { toastFallback, ...rest } = options;
    refuse(error, rest);
    toast.error(errorText(t, error, toastFallback ?? options.fallback), { id: toastId });
  }

  return {
    form,
    fieldError,
    formError: errors.root?.server?.message,
    onInvalid,
    refuse,
    fail,
  };
}

function messageOf<TValues extends FieldValues>(
  errors: FieldErrors<TValues>,
  name: FieldPath<TValues>,
): string | undefined {
  const found = (errors as Record<string, { message?: unknown } | undefined>)[name];
  return typeof found?.message === "string" ? found.message : undefined;
}

/** Each form's toast id (useMoneyForm's), so the form's layout can dismiss it on a valid submit. */
const FORM_TOASTS = new WeakMap<object, string>();

/**
 * A money form's layout: the card (icon, title, description, notes above the form), the form
 * (`noValidate`, the form's error first), the fields, the preview, the submit button, and the
 * confirmation dialog when there is one. Without `card` it is the bare form.
 */
export function MoneyForm<TValues extends FieldValues, TContext>({
  form,
  onValid,
  onInvalid,
  formError,
  errorId,
  label,
  className = "grid gap-5",
  disabled,
  card,
  preview,
  submit,
  confirm,
  children,
}: {
  form: UseFormReturn<TValues, TContext>;
  onValid: (values: TValues) => void | Promise<void>;
  onInvalid?: SubmitErrorHandler<TValues>;
  formError: string | undefined;
  /** When given, the form's error is an alert with this id that describes the form. */
  errorId?: string;
  /** The form's accessible name (usually the card's title). */
  label?: string;
  className?: string;
  /** When given, the fields sit in a `<fieldset>` disabled by it (a form that is closed). */
  disabled?: boolean;
  card?: MoneyFormCardProps;
  /** What the member would send or get, live (`aria-live` is the preview's own). */
  preview?: ReactNode;
  submit: SubmitProps;
  /** The confirmation dialog (`MoneyConfirmDialog`), rendered after the card's content. */
  confirm?: ReactNode;
  /** The fields. */
  children: ReactNode;
}) {
  const body = (
    <>
      {errorId ? (
        <FormError message={formError} id={errorId} icon={false} />
      ) : (
        <FormError message={formError} />
      )}
      {children}
      {preview}
      <SubmitButton {...submit} />
    </>
  );
  const element = (
    <form
      onSubmit={form.handleSubmit((values) => {
        // The failure toasted for an earlier attempt is answered now: it goes.
        const toastId = FORM_TOASTS.get(form.control);
        if (toastId) toast.dismiss(toastId);
        return onValid(values);
      }, onInvalid)}
      noValidate
      className={className}
      aria-label={label}
      aria-describedby={errorId && formError ? errorId : undefined}
    >
      {disabled === undefined ? (
        body
      ) : (
        <fieldset disabled={disabled} className={className}>
          {body}
        </fieldset>
      )}
    </form>
  );
  if (!card) return element;
  return (
    <MoneyFormCard card={card} confirm={confirm}>
      {element}
    </MoneyFormCard>
  );
}

function MoneyFormCard({
  card,
  confirm,
  children,
}: {
  card: MoneyFormCardProps;
  confirm: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader className={card.headerClassName}>
        <CardTitle className="flex items-center gap-2">
          {card.icon}
          {card.title}
        </CardTitle>
        {card.description ? <CardDescription>{card.description}</CardDescription> : null}
      </CardHeader>
      <CardContent className={card.contentClassName}>
        {card.notes}
        {children}
      </CardContent>
      {confirm}
    </Card>
  );
}

type MoneyFormCardProps = {
  /** The title's icon (`aria-hidden`, `size-5 text-primary`). */
  icon: ReactNode;
  title: string;
  description?: string;
  headerClassName?: string;
  contentClassName?: string;
  /** Alerts shown above the form (a closed form, a held wallet). */
  notes?: ReactNode;
};
