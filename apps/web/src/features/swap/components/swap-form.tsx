import {
  insufficientSwap,
  messageKey,
  SWAP_DIRECTIONS,
  type SwapDirection,
  type SwapQuote,
  swapForm,
  swapQuote,
  type TSwapForm,
  wholeUsdt,
} from "@viewvault/shared";
import type { TFunction } from "i18next";
import { ArrowDownUp, Coins, Eye, Repeat2 } from "lucide-react";
import { useId } from "react";
import { type UseFormRegisterReturn, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { AvailableBalance, MoneyField } from "@/components/money/money-field";
import { MoneyForm, useMoneyForm } from "@/components/money/money-form";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { ApiError } from "@/lib/api-client";
import { toBigBalances, useBalances } from "@/lib/balances";
import { fieldText } from "@/lib/form";
import { errorText, problemText } from "@/lib/problem-text";
import { toast } from "@/lib/toast";
import { useMoneyFormat } from "@/lib/use-money-format";
import { cn } from "@/lib/utils";
import { useCreateSwap } from "../api/create-swap";

/** The seeds' toasts: "Insufficient Balance" with what is missing, or the field's message. */
function toastProblem(t: TFunction, message: string | undefined) {
  if (!message) return;
  const text = fieldText(t, message) ?? "";
  if (messageKey(message).key === "errors:INSUFFICIENT_BALANCE") {
    toast.error(t("messages.insufficientTitle"), { description: text });
  } else {
    toast.error(text);
  }
}

/** A failed swap: "Insufficient Balance" with the server's text, or the catalogue's text. */
function toastFailure(t: TFunction, error: unknown) {
  if (error instanceof ApiError && error.code === "INSUFFICIENT_BALANCE") {
    toast.error(t("messages.insufficientTitle"), { description: problemText(t, error.problem) });
  } else {
    toast.error(errorText(t, error, t("messages.failed")));
  }
}

/**
 * Both directions, a live preview in minor units, and the seeds' toasts. The form contract runs
 * the shared `swapQuote`/`swapProblem` (the server's functions); "Swap now" goes through the
 * idempotent mutation (one key per direction and amount).
 */
export function SwapForm() {
  const { t } = useTranslation("swap");
  const fmt = useMoneyFormat();
  const ids = useId();
  const balances = toBigBalances(useBalances().data);
  const { form, fieldError, formError, refuse } = useMoneyForm({
    t,
    contract: swapForm,
    context: { balances },
    defaultValues: { direction: "VIEWS_TO_USDT", amount: "" },
    fields: ["amount"],
  });
  const mutation = useCreateSwap();
  const [direction, amount] = useWatch({ control: form.control, name: ["direction", "amount"] });
  const preview = swapQuote(direction, amount, balances);
  const toUsdt = direction === "VIEWS_TO_USDT";
  const amountError = fieldError("amount");

  function changeDirection(next: SwapDirection) {
    if (next === direction) return;
    form.reset({ direction: next, amount: "" });
  }

  function onValid(values: TSwapForm) {
    const quote = swapQuote(values.direction, values.amount, balances);
    if (quote.status !== "ok") return;
    const request = { direction: values.direction, amount: values.amount.trim() };
    const spent = fmt.amount(quote.spend, toUsdt ? "VIEWS" : "USDT");
    const received = fmt.amount(quote.receive, toUsdt ? "USDT" : "VIEWS");
    mutation.mutate(request, {
      onSuccess: () => {
        form.reset({ direction: values.direction, amount: "" });
        toast.success(t("messages.success"), {
          description: t("messages.successDetail", { spent, received }),
        });
      },
      onError: (error) => {
        // A refusal lands on the amount; a lost answer keeps the key for the retry.
        refuse(error, { fallbackField: "amount", fallback: t("messages.failed") });
        toastFailure(t, error);
      },
    });
  }

  return (
    <MoneyForm
      form={form}
      onValid={onValid}
      onInvalid={(found) => toastProblem(t, found.amount?.message)}
      formError={formError}
      className="grid gap-4"
      card={{
        icon: <Repeat2 aria-hidden="true" className="size-5 text-primary" />,
        title: t("form.title"),
        headerClassName: "pb-4",
      }}
      preview={
        <SwapPreview id={`${ids}-preview`} quote={preview} toUsdt={toUsdt} error={amountError} />
      }
      submit={{
        icon: <Repeat2 aria-hidden="true" />,
        label: t("form.submit"),
        pendingLabel: t("form.submitting"),
        pending: mutation.isPending,
      }}
    >
      <DirectionPicker direction={direction} onChange={changeDirection} />
      <AmountBox
        id={`${ids}-amount`}
        toUsdt={toUsdt}
        previewId={`${ids}-preview`}
        balances={balances}
        error={amountError}
        invalid={preview.status === "invalid" || (preview.status === "ok" && preview.insufficient)}
        onMax={(max) =>
          form.setValue("amount", max, { shouldValidate: form.formState.isSubmitted })
        }
        registered={form.register("amount")}
      />
      <FlipButton onFlip={() => changeDirection(toUsdt ? "USDT_TO_VIEWS" : "VIEWS_TO_USDT")} />
    </MoneyForm>
  );
}

function DirectionPicker({
  direction,
  onChange,
}: {
  direction: SwapDirection;
  onChange: (next: SwapDirection) => void;
}) {
  const { t } = useTranslation("swap");
  return (
    <fieldset className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1">
      <legend className="sr-only">{t("direction.label")}</legend>
      {SWAP_DIRECTIONS.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={direction === option}
          onClick={() => onChange(option)}
          className={cn(
            "h-10 cursor-pointer rounded-md px-2 text-sm font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring",
            direction === option
              ? "bg-background text-foreground shadow-sm"
              : "text-muted-foreground hover:text-foreground",
          )}
        >
          {t(`direction.${option}`)}
        </button>
      ))}
    </fieldset>
  );
}

function FlipButton({ onFlip }: { onFlip: () => void }) {
  const { t } = useTranslation("swap");
  return (
    <div className="-my-2 flex justify-center">
      <Button
        type="button"
        variant="outline"
        size="icon"
        className="rounded-full"
        aria-label={t("form.flip")}
        onClick={onFlip}
      >
        <ArrowDownUp aria-hidden="true" />
      </Button>
    </div>
  );
}

/** The amount in its box: label, balance, the input, the currency, "Max", the error. */
function AmountBox({
  id,
  toUsdt,
  previewId,
  balances,
  error,
  invalid,
  onMax,
  registered,
}: {
  id: string;
  toUsdt: boolean;
  /** The live preview, which describes the amount too. */
  previewId: string;
  balances: ReturnType<typeof toBigBalances>;
  error: string | null;
  /** The live preview's verdict (not a number, more than the balance). */
  invalid: boolean;
  /** Fills in the whole balance (disabled while the balances load). */
  onMax: (max: string) => void;
  registered: UseFormRegisterReturn<"amount">;
}) {
  const { t } = useTranslation("swap");
  const FromIcon = toUsdt ? Eye : Coins;
  return (
    <MoneyField
      id={id}
      className="grid gap-2 rounded-xl border bg-muted/30 p-4"
      labelClassName="flex items-center gap-2"
      label={
        <>
          <FromIcon aria-hidden="true" className="size-4 text-primary" />
          {toUsdt ? t("form.amountViews") : t("form.amountUsdt")}
        </>
      }
      aside={
        <AvailableBalance
          amount={toUsdt ? balances?.views : balances?.usdt}
          currency={toUsdt ? "VIEWS" : "USDT"}
          text={(amount) => t("form.available", { amount })}
        />
      }
      error={error}
    >
      <div className="flex items-center gap-2">
        <Input
          id={id}
          inputMode={toUsdt ? "numeric" : "decimal"}
          autoComplete="off"
          placeholder={toUsdt ? "0" : "0.00"}
          aria-invalid={error || invalid ? true : undefined}
          aria-describedby={`${id}-error ${previewId}`}
          {...registered}
          className="h-12 border-0 bg-transparent px-0 text-2xl font-semibold tabular-nums shadow-none focus-visible:ring-0 sm:text-2xl"
        />
        <span className="text-sm font-semibold text-muted-foreground">
          {t(`money:currency.${toUsdt ? "VIEWS" : "USDT"}`)}
        </span>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => {
            if (balances) onMax(toUsdt ? balances.views.toString() : wholeUsdt(balances.usdt));
          }}
          disabled={!balances}
        >
          {t("form.max")}
        </Button>
      </div>
    </MoneyField>
  );
}

/** What the member gets, live: the amount, the charge, the change, or why not. */
function SwapPreview({
  id,
  quote,
  toUsdt,
  error,
}: {
  id: string;
  quote: SwapQuote;
  toUsdt: boolean;
  error: string | null;
}) {
  const { t } = useTranslation("swap");
  const fmt = useMoneyFormat();
  const ToIcon = toUsdt ? Coins : Eye;
  const direction: SwapDirection = toUsdt ? "VIEWS_TO_USDT" : "USDT_TO_VIEWS";
  return (
    <div
      id={id}
      aria-live="polite"
      className="grid gap-1 rounded-xl border bg-linear-to-br from-brand-from/10 to-brand-to/10 p-4"
    >
      <span className="flex items-center gap-2 text-sm font-medium">
        <ToIcon aria-hidden="true" className="size-4 text-primary" />
        {t("preview.title")}
      </span>
      {quote.status === "ok" ? (
        <>
          <span className="text-2xl font-bold tabular-nums" data-testid="swap-receive">
            {toUsdt ? fmt.amount(quote.receive, "USDT") : fmt.amount(quote.receive, "VIEWS")}
          </span>
          {!toUsdt ? (
            <span className="text-sm text-muted-foreground">
              {t("preview.charge", { amount: fmt.usdt(quote.spend) })}
            </span>
          ) : null}
          {quote.change > 0n ? (
            <span className="text-xs text-muted-foreground">
              {t("preview.change", { amount: fmt.usdt(quote.change) })}
            </span>
          ) : null}
          {quote.insufficient && !error ? (
            <span className="text-sm font-medium text-destructive">
              {problemText(t, insufficientSwap(direction))}
            </span>
          ) : null}
        </>
      ) : error ? null : quote.status === "invalid" ? (
        <span className="text-sm font-medium text-destructive">
          {problemText(t, { code: "INVALID_AMOUNT" })}
        </span>
      ) : (
        <span className="text-sm text-muted-foreground">{t("preview.empty")}</span>
      )}
    </div>
  );
}
