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
import { type UseFormRegisterReturn, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { MemberChip } from "@/components/account/member-chip";
import { OnlineDot } from "@/components/account/online-dot";
import { AvailableBalance, MoneyField, SelectField } from "@/components/money/money-field";
import { MoneyForm, useMoneyForm } from "@/components/money/money-form";
import { Input } from "@/components/ui/input";
import { ApiError } from "@/lib/api-client";
import { useAuth } from "@/lib/auth";
import { toBigBalances, useBalances } from "@/lib/balances";
import { problemText } from "@/lib/problem-text";
import { toast } from "@/lib/toast";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { useMoneyFormat } from "@/lib/use-money-format";
import { useCreateTransfer } from "../api/create-transfer";
import { recipientQueryOptions, useRecipientPreview } from "../api/preview-recipient";
import { canPreviewRecipient } from "../transfer-validation";
import { ConfirmTransferDialog, type PendingTransfer } from "./confirm-transfer-dialog";

const PREVIEW_DELAY_MS = 400;

/**
 * Send views or USDT: the form contract runs the shared `transferProblem` (the seeds' checks in
 * order, the server's function), then the recipient is looked up and the confirmation dialog
 * sends the transfer with the form's idempotent mutation (one key per transfer).
 */
export function TransferForm() {
  const { t } = useTranslation("transfer");
  const ids = useId();
  const { profile } = useAuth();
  const balances = toBigBalances(useBalances().data);
  const me = { id: profile?.id ?? "", username: profile?.username ?? "" };
  // The seeds toast the amount's check before the recipient's.
  const { form, fieldError, formError, onInvalid, refuse, fail } = useMoneyForm({
    t,
    contract: transferForm,
    context: { balances, me },
    defaultValues: { transferType: "VIEWS", recipient: "", amount: "" },
    fields: ["amount", "recipient"],
  });
  // Lives with the form, so a retry after a lost answer reuses the transfer's key.
  const mutation = useCreateTransfer();
  const review = useTransferReview((error) =>
    fail(error, { fallbackField: "recipient", fallback: t("messages.failed") }),
  );
  const reviewButton = useRef<HTMLButtonElement>(null);
  const [transferType, recipient] = useWatch({
    control: form.control,
    name: ["transferType", "recipient"],
  });

  /** A refusal in the confirmation lands on its field; a lost answer keeps the dialog's key. */
  function onRefused(error: unknown) {
    review.close();
    if (!(error instanceof ApiError && error.refused)) return;
    refuse(error, { fallback: t("messages.failed") });
    toast.error(problemText(t, error.problem));
  }

  return (
    <MoneyForm
      form={form}
      onValid={(values) => (profile ? review.open(values) : undefined)}
      onInvalid={onInvalid}
      formError={formError}
      label={t("form.title")}
      card={{
        icon: <Send aria-hidden="true" className="size-5 text-primary" />,
        title: t("form.title"),
        description: t("form.description"),
      }}
      submit={{
        icon: <Send aria-hidden="true" />,
        label: t("form.submit"),
        pending: review.checking,
        ref: reviewButton,
      }}
      confirm={
        review.pending ? (
          <ConfirmTransferDialog
            transfer={review.pending}
            mutation={mutation}
            onCancel={review.close}
            onDone={() => {
              review.close();
              form.reset({ transferType, recipient: "", amount: "" });
            }}
            onRefused={onRefused}
            returnFocusTo={reviewButton}
          />
        ) : null
      }
    >
      <SelectField
        id={`${ids}-type`}
        label={t("form.type")}
        options={TRANSFER_TYPES.map((type) => ({ value: type, label: t(`form.types.${type}`) }))}
        registered={form.register("transferType", { deps: ["amount"] })}
      />
      <RecipientField
        id={`${ids}-recipient`}
        recipient={recipient}
        error={fieldError("recipient")}
        registered={form.register("recipient")}
      />
      <AmountField
        id={`${ids}-amount`}
        transferType={transferType}
        error={fieldError("amount")}
        balances={balances}
        registered={form.register("amount")}
      />
    </MoneyForm>
  );
}

/**
 * "Review": the recipient is looked up, then the confirmation shows who gets what. A failed
 * lookup goes to `onFailed` (it lands on the form); a second click while looking is ignored.
 */
function useTransferReview(onFailed: (error: unknown) => void) {
  const queryClient = useQueryClient();
  const [checking, setChecking] = useState(false);
  const [pending, setPending] = useState<PendingTransfer | null>(null);

  async function open(values: TTransferForm) {
    if (checking) return;
    const to = normaliseRecipient(values.recipient);
    setChecking(true);
    let member: TMemberRef;
    try {
      member = await queryClient.fetchQuery(recipientQueryOptions(to));
    } catch (error) {
      onFailed(error);
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

  return { checking, pending, open, close: () => setPending(null) };
}

/** The recipient's username, and who it is (looked up once the typing pauses). */
function RecipientField({
  id,
  recipient,
  error,
  registered,
}: {
  id: string;
  recipient: string;
  error: string | null;
  registered: UseFormRegisterReturn<"recipient">;
}) {
  const { t } = useTranslation("transfer");
  const debounced = useDebouncedValue(normaliseRecipient(recipient), PREVIEW_DELAY_MS);
  const previewQuery = useRecipientPreview(canPreviewRecipient(debounced) ? debounced : null);
  return (
    <MoneyField
      id={id}
      label={t("form.recipient")}
      error={error}
      after={
        <div id={`${id}-preview`} aria-live="polite">
          {error ? null : (
            <RecipientPreview
              typed={normaliseRecipient(recipient)}
              debounced={debounced}
              query={previewQuery}
            />
          )}
        </div>
      }
    >
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id={id}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={t("form.recipientPlaceholder")}
          className="pl-9"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-error ${id}-preview`}
          {...registered}
        />
      </div>
    </MoneyField>
  );
}

/** The amount, its currency, the balance at the label's right and the minimum under it. */
function AmountField({
  id,
  transferType,
  error,
  balances,
  registered,
}: {
  id: string;
  transferType: TTransferForm["transferType"];
  error: string | null;
  balances: ReturnType<typeof toBigBalances>;
  registered: UseFormRegisterReturn<"amount">;
}) {
  const { t } = useTranslation("transfer");
  const fmt = useMoneyFormat();
  const views = transferType === "VIEWS";
  const minimum = views
    ? fmt.amount(TRANSFER.minViews, "VIEWS")
    : fmt.amount(TRANSFER.minMicroUsdt, "USDT");
  return (
    <MoneyField
      id={id}
      label={t("form.amount")}
      error={error}
      aside={
        <AvailableBalance
          amount={views ? balances?.views : balances?.usdt}
          currency={transferType}
          text={(amount) => t("form.available", { amount })}
        />
      }
      after={
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {t("form.minimumHint", { amount: minimum })}
        </p>
      }
    >
      <div className="relative">
        <Input
          id={id}
          inputMode={views ? "numeric" : "decimal"}
          autoComplete="off"
          placeholder={views ? fmt.views(TRANSFER.minViews) : wholeUsdt(TRANSFER.minMicroUsdt)}
          className="pr-16 tabular-nums"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-error ${id}-hint`}
          {...registered}
        />
        <span className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-sm font-medium text-muted-foreground">
          {t(`money:currency.${transferType}`)}
        </span>
      </div>
    </MoneyField>
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
