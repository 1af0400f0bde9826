import { zodResolver } from "@hookform/resolvers/zod";
import {
  NETWORKS,
  type Network,
  parseUsdt,
  type TWithdrawalOverview,
  type TWithdrawForm,
  WITHDRAWAL,
  withdrawalQuote,
  withdrawForm,
} from "@viewvault/shared";
import { AlertCircle, ArrowUpFromLine } from "lucide-react";
import { useId, useState } from "react";
import { type FieldErrors, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormError } from "@/components/ui/form-field";
import { Input, NativeSelect } from "@/components/ui/input";
import { FieldError, Label } from "@/components/ui/label";
import { ApiError } from "@/lib/api-client";
import { useAuth } from "@/lib/auth";
import { fieldText, setServerError } from "@/lib/form";
import { problemText } from "@/lib/problem-text";
import { useMoneyFormat } from "@/lib/use-money-format";
import { useCreateWithdrawal } from "../api/create-withdrawal";
import { ConfirmWithdrawalDialog } from "./confirm-withdrawal-dialog";

type WithdrawContext = Parameters<typeof withdrawForm>[0];

/**
 * The seeds' withdrawal form: amount (step 0.01), network and wallet address (pre-filled from
 * Settings → Wallet when the network matches), the network fee and what the member receives.
 * The contract runs the shared `withdrawProblem` (the server's check sequence); the confirmation
 * asks for the password or a 2FA code and sends with the form's idempotent mutation.
 */
export function WithdrawForm({ overview }: { overview: TWithdrawalOverview }) {
  const { t } = useTranslation("withdraw");
  const fmt = useMoneyFormat();
  const ids = useId();
  const { me } = useAuth();
  const usdt = BigInt(overview.balances.usdt);
  const saved = overview.wallet;
  const initialNetwork: Network = saved.network ?? "TRC20";
  const form = useForm<TWithdrawForm, WithdrawContext>({
    defaultValues: { amount: "", network: initialNetwork, walletAddress: saved.address ?? "" },
    context: { usdt },
    resolver: (values, context, options) =>
      zodResolver(withdrawForm(context ?? { usdt: null }))(values, context, options),
  });
  const { errors } = form.formState;
  // Lives with the form, so a retry after a lost answer reuses the withdrawal's key.
  const mutation = useCreateWithdrawal();
  const [pending, setPending] = useState<TWithdrawForm | null>(null);
  const [amount, network, address] = useWatch({
    control: form.control,
    name: ["amount", "network", "walletAddress"],
  });
  const disabled = usdt < WITHDRAWAL.minMicroUsdt;
  const parsed = parseUsdt(amount.trim());
  const quote = withdrawalQuote(network, parsed ?? 0n);
  const prefilled =
    !!saved.address && saved.network === network && address.trim() === saved.address;

  /** The address of Settings → Wallet follows the network: filled in when it matches. */
  function onNetworkChange(next: Network) {
    const current = form.getValues("walletAddress").trim();
    if (saved.address && next === saved.network && current === "") {
      form.setValue("walletAddress", saved.address);
    } else if (saved.address && current === saved.address && next !== saved.network) {
      form.setValue("walletAddress", "");
    }
  }

  function onInvalid(found: FieldErrors<TWithdrawForm>) {
    const text = fieldText(t, found.amount?.message ?? found.walletAddress?.message);
    if (text) toast.error(text);
  }

  function onRefused(error: unknown) {
    setPending(null);
    setServerError(form.setError, t, error, {
      fields: ["amount", "walletAddress"],
      fallback: t("messages.failed"),
    });
    toast.error(
      error instanceof ApiError && error.refused
        ? problemText(t, error.problem)
        : t("messages.failed"),
    );
  }

  function onDone() {
    setPending(null);
    form.reset({
      amount: "",
      network: form.getValues("network"),
      walletAddress: form.getValues("walletAddress"),
    });
  }

  const amountError = fieldText(t, errors.amount?.message);
  const addressError = fieldText(t, errors.walletAddress?.message);
  const min = fmt.amount(WITHDRAWAL.minMicroUsdt, "USDT");

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ArrowUpFromLine aria-hidden="true" className="size-5 text-primary" />
          {t("form.title")}
        </CardTitle>
        <CardDescription>{t("form.description", { min })}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {disabled ? (
          <Alert variant="warning">
            <AlertCircle aria-hidden="true" />
            <AlertDescription className="text-foreground">
              {t("form.disabled", { min })}
            </AlertDescription>
          </Alert>
        ) : null}
        {saved.heldUntil ? (
          <Alert variant="warning">
            <AlertCircle aria-hidden="true" />
            <AlertDescription className="text-foreground">
              {t("form.walletHeld", { date: fmt.dateTime(saved.heldUntil) })}
            </AlertDescription>
          </Alert>
        ) : null}
        <form
          onSubmit={form.handleSubmit((values) => setPending(values), onInvalid)}
          noValidate
          className="grid gap-5"
          aria-label={t("form.title")}
        >
          <fieldset disabled={disabled} className="grid gap-5">
            <FormError message={errors.root?.server?.message} />
            <div className="grid gap-2">
              <Label htmlFor={`${ids}-amount`}>{t("form.amount")}</Label>
              <Input
                id={`${ids}-amount`}
                type="number"
                step={WITHDRAWAL.amountStepUsdt}
                min={0}
                inputMode="decimal"
                autoComplete="off"
                placeholder={fmt.usdt(WITHDRAWAL.minMicroUsdt)}
                className="tabular-nums"
                aria-invalid={amountError ? true : undefined}
                aria-describedby={`${ids}-amount-error`}
                {...form.register("amount")}
              />
              <FieldError id={`${ids}-amount-error`}>{amountError}</FieldError>
            </div>
            <div className="grid gap-2 sm:max-w-xs">
              <Label htmlFor={`${ids}-network`}>{t("form.network")}</Label>
              <NativeSelect
                id={`${ids}-network`}
                {...form.register("network", {
                  deps: ["walletAddress"],
                  onChange: (event) => onNetworkChange(event.target.value as Network),
                })}
              >
                {NETWORKS.map((option) => (
                  <option key={option} value={option}>
                    {t(`form.networks.${option}`)}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${ids}-address`}>{t("form.address")}</Label>
              <Input
                id={`${ids}-address`}
                autoComplete="off"
                spellCheck={false}
                autoCapitalize="none"
                className="font-mono"
                placeholder={network === "TRC20" ? "T…" : "0x…"}
                aria-invalid={addressError ? true : undefined}
                aria-describedby={`${ids}-address-error ${ids}-address-hint`}
                {...form.register("walletAddress")}
              />
              <FieldError id={`${ids}-address-error`}>{addressError}</FieldError>
              {prefilled ? (
                <p id={`${ids}-address-hint`} className="text-xs text-muted-foreground">
                  {t("form.addressPrefilled")}
                </p>
              ) : null}
            </div>
            <dl className="grid gap-2 rounded-lg border bg-muted/30 p-3 text-sm">
              <div className="flex justify-between gap-3">
                <dt className="text-muted-foreground">{t("form.fee")}</dt>
                <dd className="tabular-nums" data-testid="withdraw-fee">
                  {fmt.amount(quote.fee, "USDT")}
                </dd>
              </div>
              <div className="flex justify-between gap-3 font-semibold">
                <dt>{t("form.receive")}</dt>
                <dd className="tabular-nums" data-testid="withdraw-net">
                  {fmt.amount(quote.net, "USDT")}
                </dd>
              </div>
            </dl>
            <Button
              type="submit"
              variant="gradient"
              size="lg"
              className="w-full"
              disabled={disabled}
            >
              <ArrowUpFromLine aria-hidden="true" />
              {t("form.submit")}
            </Button>
          </fieldset>
        </form>
      </CardContent>
      {pending ? (
        <ConfirmWithdrawalDialog
          withdrawal={pending}
          twoFactorEnabled={me?.user.twoFactorEnabled ?? false}
          mutation={mutation}
          onCancel={() => setPending(null)}
          onDone={onDone}
          onRefused={onRefused}
        />
      ) : null}
    </Card>
  );
}
