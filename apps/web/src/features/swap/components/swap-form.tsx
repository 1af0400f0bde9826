import { zodResolver } from "@hookform/resolvers/zod";
import {
  insufficientSwap,
  messageKey,
  SWAP_DIRECTIONS,
  type SwapDirection,
  swapForm,
  swapQuote,
  type TSwapForm,
  wholeUsdt,
} from "@viewvault/shared";
import { ArrowDownUp, Coins, Eye, Loader2, Repeat2 } from "lucide-react";
import { useId } from "react";
import { type FieldErrors, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { FormError } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { FieldError, Label } from "@/components/ui/label";
import { ApiError } from "@/lib/api-client";
import { toBigBalances, useBalances } from "@/lib/balances";
import { fieldText, setServerError } from "@/lib/form";
import { errorText, problemText } from "@/lib/problem-text";
import { useMoneyFormat } from "@/lib/use-money-format";
import { cn } from "@/lib/utils";
import { useCreateSwap } from "../api/create-swap";

const FROM = { VIEWS_TO_USDT: "VIEWS", USDT_TO_VIEWS: "USDT" } as const;

type SwapContext = Parameters<typeof swapForm>[0];

/**
 * Both directions, a live preview in minor units, and the seeds' toasts. The form contract runs
 * the shared `swapQuote`/`swapProblem` (the server's functions); "Swap now" goes through the
 * idempotent mutation (one key per direction and amount).
 */
export function SwapForm() {
  const { t } = useTranslation("swap");
  const fmt = useMoneyFormat();
  const ids = useId();
  const balancesQuery = useBalances();
  const balances = toBigBalances(balancesQuery.data);
  const form = useForm<TSwapForm, SwapContext>({
    defaultValues: { direction: "VIEWS_TO_USDT", amount: "" },
    context: { balances },
    resolver: (values, context, options) =>
      zodResolver(swapForm(context ?? { balances: null }))(values, context, options),
  });
  const { errors } = form.formState;
  const mutation = useCreateSwap();
  const [direction, amount] = useWatch({ control: form.control, name: ["direction", "amount"] });
  const preview = swapQuote(direction, amount, balances);
  const from = FROM[direction];
  const toUsdt = direction === "VIEWS_TO_USDT";
  const insufficientText = problemText(t, insufficientSwap(direction));
  const invalidText = problemText(t, { code: "INVALID_AMOUNT" });
  const amountError = fieldText(t, errors.amount?.message);

  function changeDirection(next: SwapDirection) {
    if (next === direction) return;
    form.reset({ direction: next, amount: "" });
  }

  function fillMax() {
    if (!balances) return;
    form.setValue("amount", toUsdt ? balances.views.toString() : wholeUsdt(balances.usdt), {
      shouldValidate: form.formState.isSubmitted,
    });
  }

  /** The seeds' toasts: "Insufficient Balance" with what is missing, or the field's message. */
  function toastProblem(message: string | undefined) {
    if (!message) return;
    const text = fieldText(t, message) ?? "";
    if (messageKey(message).key === "errors:INSUFFICIENT_BALANCE") {
      toast.error(t("messages.insufficientTitle"), { description: text });
    } else {
      toast.error(text);
    }
  }

  function onInvalid(found: FieldErrors<TSwapForm>) {
    toastProblem(found.amount?.message);
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
        setServerError(form.setError, t, error, {
          fields: ["amount"],
          fallbackField: "amount",
          fallback: t("messages.failed"),
        });
        if (error instanceof ApiError && error.code === "INSUFFICIENT_BALANCE") {
          toast.error(t("messages.insufficientTitle"), {
            description: problemText(t, error.problem),
          });
        } else {
          toast.error(errorText(t, error, t("messages.failed")));
        }
      },
    });
  }

  const available = balances
    ? toUsdt
      ? fmt.amount(balances.views, "VIEWS")
      : fmt.amount(balances.usdt, "USDT")
    : "…";
  const FromIcon = toUsdt ? Eye : Coins;
  const ToIcon = toUsdt ? Coins : Eye;
  const amountId = `${ids}-amount`;

  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle className="flex items-center gap-2">
          <Repeat2 aria-hidden="true" className="size-5 text-primary" />
          {t("form.title")}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={form.handleSubmit(onValid, onInvalid)} noValidate className="grid gap-4">
          <FormError message={errors.root?.server?.message} />
          <fieldset className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1">
            <legend className="sr-only">{t("direction.label")}</legend>
            {SWAP_DIRECTIONS.map((option) => (
              <button
                key={option}
                type="button"
                aria-pressed={direction === option}
                onClick={() => changeDirection(option)}
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

          <div className="grid gap-2 rounded-xl border bg-muted/30 p-4">
            <div className="flex items-center justify-between gap-2">
              <Label htmlFor={amountId} className="flex items-center gap-2">
                <FromIcon aria-hidden="true" className="size-4 text-primary" />
                {toUsdt ? t("form.amountViews") : t("form.amountUsdt")}
              </Label>
              <span className="text-xs text-muted-foreground">
                {t("form.available", { amount: available })}
              </span>
            </div>
            <div className="flex items-center gap-2">
              <Input
                id={amountId}
                inputMode={toUsdt ? "numeric" : "decimal"}
                autoComplete="off"
                placeholder={toUsdt ? "0" : "0.00"}
                aria-invalid={
                  amountError ||
                  preview.status === "invalid" ||
                  (preview.status === "ok" && preview.insufficient)
                    ? true
                    : undefined
                }
                aria-describedby={`${ids}-amount-error ${ids}-preview`}
                {...form.register("amount")}
                className="h-12 border-0 bg-transparent px-0 text-2xl font-semibold tabular-nums shadow-none focus-visible:ring-0 sm:text-2xl"
              />
              <span className="text-sm font-semibold text-muted-foreground">
                {t(`money:currency.${from}`)}
              </span>
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={fillMax}
                disabled={!balances}
              >
                {t("form.max")}
              </Button>
            </div>
            <FieldError id={`${ids}-amount-error`}>{amountError}</FieldError>
          </div>

          <div className="-my-2 flex justify-center">
            <Button
              type="button"
              variant="outline"
              size="icon"
              className="rounded-full"
              aria-label={t("form.flip")}
              onClick={() => changeDirection(toUsdt ? "USDT_TO_VIEWS" : "VIEWS_TO_USDT")}
            >
              <ArrowDownUp aria-hidden="true" />
            </Button>
          </div>

          <div
            id={`${ids}-preview`}
            aria-live="polite"
            className="grid gap-1 rounded-xl border bg-linear-to-br from-brand-from/10 to-brand-to/10 p-4"
          >
            <span className="flex items-center gap-2 text-sm font-medium">
              <ToIcon aria-hidden="true" className="size-4 text-primary" />
              {t("preview.title")}
            </span>
            {preview.status === "ok" ? (
              <>
                <span className="text-2xl font-bold tabular-nums" data-testid="swap-receive">
                  {toUsdt
                    ? fmt.amount(preview.receive, "USDT")
                    : fmt.amount(preview.receive, "VIEWS")}
                </span>
                {!toUsdt ? (
                  <span className="text-sm text-muted-foreground">
                    {t("preview.charge", { amount: fmt.usdt(preview.spend) })}
                  </span>
                ) : null}
                {preview.change > 0n ? (
                  <span className="text-xs text-muted-foreground">
                    {t("preview.change", { amount: fmt.usdt(preview.change) })}
                  </span>
                ) : null}
                {preview.insufficient && !amountError ? (
                  <span className="text-sm font-medium text-destructive">{insufficientText}</span>
                ) : null}
              </>
            ) : amountError ? null : preview.status === "invalid" ? (
              <span className="text-sm font-medium text-destructive">{invalidText}</span>
            ) : (
              <span className="text-sm text-muted-foreground">{t("preview.empty")}</span>
            )}
          </div>

          <Button
            type="submit"
            variant="gradient"
            size="lg"
            className="w-full"
            disabled={mutation.isPending}
          >
            {mutation.isPending ? (
              <Loader2 aria-hidden="true" className="animate-spin" />
            ) : (
              <Repeat2 aria-hidden="true" />
            )}
            {mutation.isPending ? t("form.submitting") : t("form.submit")}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
