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
import { useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { MoneyField, MoneyForm, useMoneyForm } from "@/components/money/money-form";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Input, NativeSelect } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ApiError } from "@/lib/api-client";
import { useAuth } from "@/lib/auth";
import { problemText } from "@/lib/problem-text";
import { useMoneyFormat } from "@/lib/use-money-format";
import { useCreateWithdrawal } from "../api/create-withdrawal";
import { ConfirmWithdrawalDialog } from "./confirm-withdrawal-dialog";

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
  const { form, fieldError, formError, onInvalid, refuse } = useMoneyForm<
    TWithdrawForm,
    Parameters<typeof withdrawForm>[0]
  >({
    t,
    contract: withdrawForm,
    context: { usdt },
    defaultValues: {
      amount: "",
      network: saved.network ?? "TRC20",
      walletAddress: saved.address ?? "",
    },
    fields: ["amount", "walletAddress"],
  });
  // Lives with the form, so a retry after a lost answer reuses the withdrawal's key.
  const mutation = useCreateWithdrawal();
  const [pending, setPending] = useState<TWithdrawForm | null>(null);
  const [amount, network, address] = useWatch({
    control: form.control,
    name: ["amount", "network", "walletAddress"],
  });
  const disabled = usdt < WITHDRAWAL.minMicroUsdt;
  const quote = withdrawalQuote(network, parseUsdt(amount.trim()) ?? 0n);
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

  function onRefused(error: unknown) {
    setPending(null);
    refuse(error, { fallback: t("messages.failed") });
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

  const amountError = fieldError("amount");
  const addressError = fieldError("walletAddress");
  const min = fmt.amount(WITHDRAWAL.minMicroUsdt, "USDT");

  return (
    <MoneyForm
      form={form}
      onValid={(values) => setPending(values)}
      onInvalid={onInvalid}
      formError={formError}
      label={t("form.title")}
      disabled={disabled}
      card={{
        icon: <ArrowUpFromLine aria-hidden="true" className="size-5 text-primary" />,
        title: t("form.title"),
        description: t("form.description", { min }),
        contentClassName: "grid gap-4",
        notes: (
          <>
            {disabled ? <Note>{t("form.disabled", { min })}</Note> : null}
            {saved.heldUntil ? (
              <Note>{t("form.walletHeld", { date: fmt.dateTime(saved.heldUntil) })}</Note>
            ) : null}
          </>
        ),
      }}
      preview={
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
      }
      submit={{
        icon: <ArrowUpFromLine aria-hidden="true" />,
        label: t("form.submit"),
        disabled,
      }}
      confirm={
        pending ? (
          <ConfirmWithdrawalDialog
            withdrawal={pending}
            twoFactorEnabled={me?.user.twoFactorEnabled ?? false}
            mutation={mutation}
            onCancel={() => setPending(null)}
            onDone={onDone}
            onRefused={onRefused}
          />
        ) : null
      }
    >
      <MoneyField id={`${ids}-amount`} label={t("form.amount")} error={amountError}>
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
      </MoneyField>
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
      <MoneyField
        id={`${ids}-address`}
        label={t("form.address")}
        error={addressError}
        after={
          prefilled ? (
            <p id={`${ids}-address-hint`} className="text-xs text-muted-foreground">
              {t("form.addressPrefilled")}
            </p>
          ) : null
        }
      >
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
      </MoneyField>
    </MoneyForm>
  );
}

function Note({ children }: { children: string }) {
  return (
    <Alert variant="warning">
      <AlertCircle aria-hidden="true" />
      <AlertDescription className="text-foreground">{children}</AlertDescription>
    </Alert>
  );
}
