import { useQueryClient } from "@tanstack/react-query";
import {
  type TMemberRef,
  TRANSFER,
  TRANSFER_TYPES,
  type TransferType,
  wholeUsdt,
} from "@viewvault/shared";
import { AlertCircle, Loader2, Search, Send } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { MemberChip } from "@/components/account/member-chip";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input, NativeSelect } from "@/components/ui/input";
import { FieldError, Label } from "@/components/ui/label";
import { ApiError } from "@/lib/api-client";
import { useAuth } from "@/lib/auth";
import { toBigBalances, useBalances } from "@/lib/balances";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { useMoneyFormat } from "@/lib/use-money-format";
import { recipientQueryOptions, useRecipientPreview } from "../api/preview-recipient";
import {
  canPreviewRecipient,
  normaliseRecipient,
  parseTransferAmount,
  problemFromCode,
  type TransferField,
  type TransferProblem,
  transferProblem,
} from "../transfer-validation";
import { ConfirmTransferDialog, type PendingTransfer } from "./confirm-transfer-dialog";

const PREVIEW_DELAY_MS = 400;

/** Send views or USDT: the seeds' checks in order, a recipient preview and a confirmation. */
export function TransferForm() {
  const { t } = useTranslation("transfer");
  const fmt = useMoneyFormat();
  const ids = useId();
  const queryClient = useQueryClient();
  const { profile } = useAuth();
  const balances = toBigBalances(useBalances().data);
  const [transferType, setTransferType] = useState<TransferType>("VIEWS");
  const [recipient, setRecipient] = useState("");
  const [amount, setAmount] = useState("");
  const [problem, setProblem] = useState<TransferProblem | null>(null);
  const [checking, setChecking] = useState(false);
  const [pending, setPending] = useState<PendingTransfer | null>(null);

  const debounced = useDebouncedValue(normaliseRecipient(recipient), PREVIEW_DELAY_MS);
  const previewQuery = useRecipientPreview(canPreviewRecipient(debounced) ? debounced : null);
  const views = transferType === "VIEWS";

  function message(p: TransferProblem): string {
    return t(`messages.${p.key}`, {
      min: views ? fmt.views(TRANSFER.minViews) : wholeUsdt(TRANSFER.minMicroUsdt),
    });
  }

  function fail(p: TransferProblem) {
    setProblem(p);
    toast.error(message(p));
  }

  function clearProblem(field: TransferField) {
    if (problem?.field === field) setProblem(null);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (checking || !profile) return;
    const found = transferProblem(
      { transferType, amount, recipient },
      { balances, me: { id: profile.id, username: profile.username } },
    );
    if (found) {
      fail(found);
      return;
    }
    setProblem(null);
    setChecking(true);
    let member: TMemberRef;
    try {
      member = await queryClient.fetchQuery(recipientQueryOptions(normaliseRecipient(recipient)));
    } catch (error) {
      const refused = error instanceof ApiError ? problemFromCode(error.code, transferType) : null;
      if (refused) fail(refused);
      else toast.error(t("messages.failed"));
      return;
    } finally {
      setChecking(false);
    }
    const parsed = parseTransferAmount(transferType, amount) as bigint;
    setPending({
      request: { recipient: normaliseRecipient(recipient), transferType, amount: amount.trim() },
      recipient: member,
      amount: parsed,
    });
  }

  function onDone() {
    setPending(null);
    setAmount("");
    setRecipient("");
    setProblem(null);
  }

  function onRefused(error: unknown) {
    setPending(null);
    const refused =
      error instanceof ApiError ? problemFromCode(error.code, transferType, error.fields) : null;
    if (refused) fail(refused);
    else toast.error(t("messages.failed"));
  }

  const available = balances
    ? views
      ? fmt.amount(balances.views, "VIEWS")
      : fmt.amount(balances.usdt, "USDT")
    : "…";
  const minimum = views
    ? fmt.amount(TRANSFER.minViews, "VIEWS")
    : fmt.amount(TRANSFER.minMicroUsdt, "USDT");
  const recipientError = problem?.field === "recipient" ? message(problem) : null;
  const amountError = problem?.field === "amount" ? message(problem) : null;

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
        <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label={t("form.title")}>
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-type`}>{t("form.type")}</Label>
            <NativeSelect
              id={`${ids}-type`}
              value={transferType}
              onChange={(event) => {
                setTransferType(event.target.value as TransferType);
                clearProblem("amount");
              }}
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
                value={recipient}
                aria-invalid={recipientError ? true : undefined}
                aria-describedby={`${ids}-recipient-error ${ids}-recipient-preview`}
                onChange={(event) => {
                  setRecipient(event.target.value);
                  clearProblem("recipient");
                }}
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
                value={amount}
                aria-invalid={amountError ? true : undefined}
                aria-describedby={`${ids}-amount-error ${ids}-amount-hint`}
                onChange={(event) => {
                  setAmount(event.target.value);
                  clearProblem("amount");
                }}
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

          <Button type="submit" variant="gradient" size="lg" className="w-full" disabled={checking}>
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
          onCancel={() => setPending(null)}
          onDone={onDone}
          onRefused={onRefused}
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
        <MemberChip
          username={query.data.username}
          isVerified={query.data.isVerified}
          className="text-sm"
        />
        <span className="shrink-0 text-xs font-medium text-success">{t("preview.found")}</span>
      </div>
    );
  }
  if (query.error) {
    const code = query.error instanceof ApiError ? query.error.code : "UNKNOWN";
    const key =
      code === "RECIPIENT_NOT_FOUND"
        ? "messages.recipientNotFound"
        : code === "SELF_TRANSFER"
          ? "messages.selfTransfer"
          : "preview.unavailable";
    return (
      <p className="flex items-center gap-2 text-xs text-destructive">
        <AlertCircle aria-hidden="true" className="size-3.5" />
        {t(key)}
      </p>
    );
  }
  return null;
}
