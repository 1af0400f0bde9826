import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import {
  normaliseRecipient,
  parseTransferAmount,
  type TMemberRef,
  TRANSFER,
  TRANSFER_TYPES,
  type TTransferForm,
  transferForm,
  wholeUsdt,
} from "@viewvault/shared";
import { AlertCircle, Loader2, Search, Send } from "lucide-react";
import { useId, useRef, useState } from "react";
import { type FieldErrors, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { MemberChip } from "@/components/account/member-chip";
import { OnlineDot } from "@/components/account/online-dot";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormError } from "@/components/ui/form-field";
import { Input, NativeSelect } from "@/components/ui/input";
import { FieldError, Label } from "@/components/ui/label";
import { ApiError } from "@/lib/api-client";
import { useAuth } from "@/lib/auth";
import { toBigBalances, useBalances } from "@/lib/balances";
import { fieldText, setServerError } from "@/lib/form";
import { errorText, problemText } from "@/lib/problem-text";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { useMoneyFormat } from "@/lib/use-money-format";
import { useCreateTransfer } from "../api/create-transfer";
import { recipientQueryOptions, useRecipientPreview } from "../api/preview-recipient";
import { canPreviewRecipient } from "../transfer-validation";
import { ConfirmTransferDialog, type PendingTransfer } from "./confirm-transfer-dialog";

const PREVIEW_DELAY_MS = 400;

type TransferContext = Parameters<typeof transferForm>[0];

/**
 * Send views or USDT: the form contract runs the shared `transferProblem` (the seeds' checks in
 * order, the server's function), then the recipient is looked up and the confirmation dialog
 * sends the transfer with the form's idempotent mutation (one key per transfer).
 */
export function TransferForm() {
  const { t } = useTranslation("transfer");
  const fmt = useMoneyFormat();
  const ids = useId();
  const queryClient = useQueryClient();
  const { profile } = useAuth();
  const balances = toBigBalances(useBalances().data);
  const me = { id: profile?.id ?? "", username: profile?.username ?? "" };
  const form = useForm<TTransferForm, TransferContext>({
    defaultValues: { transferType: "VIEWS", recipient: "", amount: "" },
    context: { balances, me },
    resolver: (values, context, options) =>
      zodResolver(transferForm(context ?? { balances: null, me }))(values, context, options),
  });
  const { errors } = form.formState;
  // Lives with the form, so a retry after a lost answer reuses the transfer's key.
  const mutation = useCreateTransfer();
  const [checking, setChecking] = useState(false);
  const [pending, setPending] = useState<PendingTransfer | null>(null);
  const reviewButton = useRef<HTMLButtonElement>(null);

  const [transferType, recipient] = useWatch({
    control: form.control,
    name: ["transferType", "recipient"],
  });
  const debounced = useDebouncedValue(normaliseRecipient(recipient), PREVIEW_DELAY_MS);
  const previewQuery = useRecipientPreview(canPreviewRecipient(debounced) ? debounced : null);
  const views = transferType === "VIEWS";

  /** The seeds toast every failed check; the field shows it too. */
  function onInvalid(found: FieldErrors<TTransferForm>) {
    const message = found.amount?.message ?? found.recipient?.message;
    const text = fieldText(t, message);
    if (text) toast.error(text);
  }

  /** The server's refusal lands on its field like the form's own check. */
  function failWith(error: unknown) {
    setServerError(form.setError, t, error, {
      fields: ["recipient", "amount"],
      fallbackField: "recipient",
      fallback: t("messages.failed"),
    });
    toast.error(errorText(t, error, t("messages.failed")));
  }

  async function onValid(values: TTransferForm) {
    if (checking || !profile) return;
    const to = normaliseRecipient(values.recipient);
    setChecking(true);
    let member: TMemberRef;
    try {
      member = await queryClient.fetchQuery(recipientQueryOptions(to));
    } catch (error) {
      failWith(error);
      return;
    } finally {
      setChecking(false);
    }
    setPending({
      request: { recipient: to, transferType: values.transferType, amount: values.amount.trim() },
      recipient: member,
      amount: parseTransferAmount(values.transferType, values.amount) as bigint,
    });
  }

  function onDone() {
    setPending(null);
    form.reset({ transferType: form.getValues("transferType"), recipient: "", amount: "" });
  }

  function onRefused(error: unknown) {
    setPending(null);
    if (error instanceof ApiError && error.refused) {
      setServerError(form.setError, t, error, {
        fields: ["recipient", "amount"],
        fallback: t("messages.failed"),
      });
      toast.error(problemText(t, error.problem));
    }
  }

  const available = balances
    ? views
      ? fmt.amount(balances.views, "VIEWS")
      : fmt.amount(balances.usdt, "USDT")
    : "…";
  const minimum = views
    ? fmt.amount(TRANSFER.minViews, "VIEWS")
    : fmt.amount(TRANSFER.minMicroUsdt, "USDT");
  const recipientError = fieldText(t, errors.recipient?.message);
  const amountError = fieldText(t, errors.amount?.message);

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Send aria-hidden="true" className="size-5 text-primary" />
          {t("form.title")}
        </CardTitle>
        <CardDescription>{t("form.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          onSubmit={form.handleSubmit(onValid, onInvalid)}
          noValidate
          className="grid gap-5"
          aria-label={t("form.title")}
        >
          <FormError message={errors.root?.server?.message} />
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-type`}>{t("form.type")}</Label>
            <NativeSelect
              id={`${ids}-type`}
              {...form.register("transferType", { deps: ["amount"] })}
            >
              {TRANSFER_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`form.types.${type}`)}
                </option>
              ))}
            </NativeSelect>
          </div>

          <div className="grid gap-2">
            <Label htmlFor={`${ids}-recipient`}>{t("form.recipient")}</Label>
            <div className="relative">
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              />
              <Input
                id={`${ids}-recipient`}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                placeholder={t("form.recipientPlaceholder")}
                className="pl-9"
                aria-invalid={recipientError ? true : undefined}
                aria-describedby={`${ids}-recipient-error ${ids}-recipient-preview`}
                {...form.register("recipient")}
              />
            </div>
            <FieldError id={`${ids}-recipient-error`}>{recipientError}</FieldError>
            <div id={`${ids}-recipient-preview`} aria-live="polite">
              {recipientError ? null : (
                <RecipientPreview
                  typed={normaliseRecipient(recipient)}
                  debounced={debounced}
                  query={previewQuery}
                />
              )}
            </div>
          </div>

          <div className="grid gap-2">
            <div className="flex items-center justify-between gap-2">
              <Label htmlFor={`${ids}-amount`}>{t("form.amount")}</Label>
              <span className="text-xs text-muted-foreground">
                {t("form.available", { amount: available })}
              </span>
            </div>
            <div className="relative">
              <Input
                id={`${ids}-amount`}
                inputMode={views ? "numeric" : "decimal"}
                autoComplete="off"
                placeholder={
                  views ? fmt.views(TRANSFER.minViews) : wholeUsdt(TRANSFER.minMicroUsdt)
                }
                className="pr-16 tabular-nums"
                aria-invalid={amountError ? true : undefined}
                aria-describedby={`${ids}-amount-error ${ids}-amount-hint`}
                {...form.register("amount")}
              />
              <span className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-sm font-medium text-muted-foreground">
                {t(`money:currency.${transferType}`)}
              </span>
            </div>
            <FieldError id={`${ids}-amount-error`}>{amountError}</FieldError>
            <p id={`${ids}-amount-hint`} className="text-xs text-muted-foreground">
              {t("form.minimumHint", { amount: minimum })}
            </p>
          </div>

          <Button
            ref={reviewButton}
            type="submit"
            variant="gradient"
            size="lg"
            className="w-full"
            disabled={checking}
          >
            {checking ? (
              <Loader2 aria-hidden="true" className="animate-spin" />
            ) : (
              <Send aria-hidden="true" />
            )}
            {t("form.submit")}
          </Button>
        </form>
      </CardContent>
      {pending ? (
        <ConfirmTransferDialog
          transfer={pending}
          mutation={mutation}
          onCancel={() => setPending(null)}
          onDone={onDone}
          onRefused={onRefused}
          returnFocusTo={reviewButton}
        />
      ) : null}
    </Card>
  );
}

function RecipientPreview({
  typed,
  debounced,
  query,
}: {
  typed: string;
  debounced: string;
  query: ReturnType<typeof useRecipientPreview>;
}) {
  const { t } = useTranslation("transfer");
  if (!canPreviewRecipient(typed)) {
    return <p className="text-xs text-muted-foreground">{t("form.recipientHint")}</p>;
  }
  if (typed !== debounced || query.isFetching) {
    return (
      <p className="flex items-center gap-2 text-xs text-muted-foreground">
        <Loader2 aria-hidden="true" className="size-3.5 animate-spin" />
        {t("preview.checking")}
      </p>
    );
  }
  if (query.data) {
    return (
      <div className="flex items-center justify-between gap-3 rounded-lg border border-success/30 bg-success/5 px-3 py-2">
        <span className="flex min-w-0 items-center gap-2">
          <MemberChip
            username={query.data.username}
            isVerified={query.data.isVerified}
            className="text-sm"
          />
          <OnlineDot profileId={query.data.id} />
        </span>
        <span className="shrink-0 text-xs font-medium text-success">{t("preview.found")}</span>
      </div>
    );
  }
  if (query.error) {
    const refused = query.error instanceof ApiError && query.error.refused;
    return (
      <p className="flex items-center gap-2 text-xs text-destructive">
        <AlertCircle aria-hidden="true" className="size-3.5" />
        {refused && query.error instanceof ApiError
          ? problemText(t, query.error.problem)
          : t("preview.unavailable")}
      </p>
    );
  }
  return null;
}
