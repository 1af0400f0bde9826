import { SWAP_DIRECTIONS, type SwapDirection, wholeUsdt } from "@viewvault/shared";
import { ArrowDownUp, Coins, Eye, Loader2, Repeat2 } from "lucide-react";
import { type FormEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ApiError } from "@/lib/api-client";
import { toBigBalances, useBalances } from "@/lib/balances";
import { useIdempotencyKey } from "@/lib/idempotency";
import { useMoneyFormat } from "@/lib/use-money-format";
import { cn } from "@/lib/utils";
import { useCreateSwap } from "../api/create-swap";
import { swapPreview } from "../swap-preview";

const FROM = { VIEWS_TO_USDT: "VIEWS", USDT_TO_VIEWS: "USDT" } as const;

/** Both directions, a live preview in minor units, and the seeds' toasts. */
export function SwapForm() {
  const { t } = useTranslation("swap");
  const fmt = useMoneyFormat();
  const ids = useId();
  const [direction, setDirection] = useState<SwapDirection>("VIEWS_TO_USDT");
  const [amount, setAmount] = useState("");
  const balancesQuery = useBalances();
  const balances = toBigBalances(balancesQuery.data);
  const mutation = useCreateSwap();
  const { keyFor, settle } = useIdempotencyKey();
  // Guards a double click before React re-renders with isPending (the key guards the server).
  const inFlight = useRef(false);
  const preview = swapPreview(direction, amount, balances);
  const from = FROM[direction];
  const toUsdt = direction === "VIEWS_TO_USDT";
  const insufficientText = toUsdt
    ? t("messages.insufficientViews")
    : t("messages.insufficientUsdt");

  function changeDirection(next: SwapDirection) {
    if (next === direction) return;
    setDirection(next);
    setAmount("");
  }

  function fillMax() {
    if (!balances) return;
    setAmount(toUsdt ? balances.views.toString() : wholeUsdt(balances.usdt));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    if (preview.status !== "ok") {
      toast.error(t("messages.invalidAmount"));
      return;
    }
    if (preview.insufficient) {
      toast.error(t("messages.insufficientTitle"), { description: insufficientText });
      return;
    }
    const request = { direction, amount: amount.trim() };
    const spent = fmt.amount(preview.spend, toUsdt ? "VIEWS" : "USDT");
    const received = fmt.amount(preview.receive, toUsdt ? "USDT" : "VIEWS");
    inFlight.current = true;
    mutation.mutate(
      { request, idempotencyKey: keyFor(request) },
      {
        onSettled: () => {
          inFlight.current = false;
        },
        onSuccess: () => {
          settle();
          setAmount("");
          toast.success(t("messages.success"), {
            description: t("messages.successDetail", { spent, received }),
          });
        },
        onError: (error) => {
          // A refusal is final (a new attempt gets a new key); a lost answer keeps the key.
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) settle();
          if (error instanceof ApiError && error.code === "INVALID_AMOUNT") {
            toast.error(t("messages.invalidAmount"));
          } else if (error instanceof ApiError && error.code === "INSUFFICIENT_BALANCE") {
            toast.error(t("messages.insufficientTitle"), { description: insufficientText });
          } else {
            toast.error(t("messages.failed"));
          }
        },
      },
    );
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
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
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
                value={amount}
                aria-invalid={
                  preview.status === "invalid" || (preview.status === "ok" && preview.insufficient)
                    ? true
                    : undefined
                }
                aria-describedby={`${ids}-preview`}
                onChange={(event) => setAmount(event.target.value)}
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
                {preview.insufficient ? (
                  <span className="text-sm font-medium text-destructive">{insufficientText}</span>
                ) : null}
              </>
            ) : preview.status === "invalid" ? (
              <span className="text-sm font-medium text-destructive">
                {t("messages.invalidAmount")}
              </span>
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
