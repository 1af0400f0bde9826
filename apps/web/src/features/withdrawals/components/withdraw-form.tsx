import {
  NETWORKS,
  type Network,
  parseUsdt,
  type TWithdrawalOverview,
  type TWithdrawForm,
  WITHDRAWAL,
  type WithdrawContext,
  withdrawalQuote,
  withdrawForm,
} from "@viewvault/shared";
import type { TFunction } from "i18next";
import { AlertCircle, ArrowUpFromLine } from "lucide-react";
import { useId, useState } from "react";
import { type UseFormRegisterReturn, type UseFormReturn, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { MoneyField, SelectField } from "@/components/money/money-field";
import { MoneyForm, useMoneyForm } from "@/components/money/money-form";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Input } from "@/components/ui/input";
import { ApiError } from "@/lib/api-client";
import { useAuth } from "@/lib/auth";
import { problemText } from "@/lib/problem-text";
import { toast } from "@/lib/toast";
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
  const { form, fieldError, formError, onInvalid, refuse } = useMoneyForm({
    t,
    contract: withdrawForm,
    // What the page shows (today's use, the new-wallet hold) refuses before the password step.
    context: {
      usdt,
      limits: {
        usedToday: BigInt(overview.usedToday),
        dailyLimit: BigInt(overview.dailyLimit),
        walletHeldUntil: saved.heldUntil ? new Date(saved.heldUntil) : null,
        now: new Date(),
      },
    },
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
  const [amount, network] = useWatch({ control: form.control, name: ["amount", "network"] });
  const disabled = usdt < WITHDRAWAL.minMicroUsdt;

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
        notes: <WithdrawNotes closed={disabled} heldUntil={saved.heldUntil} />,
      }}
      preview={<WithdrawQuote network={network} amount={amount} />}
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
            hasPasskey={me?.user.hasPasskey ?? false}
            mutation={mutation}
            onCancel={() => setPending(null)}
            onDone={() => {
              setPending(null);
              form.reset({ ...form.getValues(), amount: "" });
            }}
            onRefused={(error) => {
              setPending(null);
              refuse(error, { fallback: t("messages.failed") });
              toast.error(refusalText(t, error));
            }}
          />
        ) : null
      }
    >
      <AmountField
        id={`${ids}-amount`}
        error={fieldError("amount")}
        registered={form.register("amount")}
      />
      <WalletFields id={ids} form={form} saved={saved} error={fieldError("walletAddress")} />
    </MoneyForm>
  );
}

/** The refusal's text, or "Withdrawal failed" for anything else (a lost answer included). */
function refusalText(t: TFunction, error: unknown): string {
  return error instanceof ApiError && error.refused
    ? problemText(t, error.problem)
    : t("messages.failed");
}

/**
 * Network and address. The address of Settings → Wallet follows the network: filled in when it
 * matches, cleared when the network changes away from it, with a hint while it is shown.
 */
function WalletFields({
  id,
  form,
  saved,
  error,
}: {
  id: string;
  form: UseFormReturn<TWithdrawForm, WithdrawContext>;
  saved: TWithdrawalOverview["wallet"];
  error: string | null;
}) {
  const { t } = useTranslation("withdraw");
  const [network, address] = useWatch({
    control: form.control,
    name: ["network", "walletAddress"],
  });
  const prefilled =
    !!saved.address && saved.network === network && address.trim() === saved.address;
  function onNetworkChange(next: Network) {
    const current = form.getValues("walletAddress").trim();
    if (saved.address && next === saved.network && current === "") {
      form.setValue("walletAddress", saved.address);
    } else if (saved.address && current === saved.address && next !== saved.network) {
      form.setValue("walletAddress", "");
    }
  }
  return (
    <>
      <SelectField
        id={`${id}-network`}
        label={t("form.network")}
        className="grid gap-2 sm:max-w-xs"
        options={NETWORKS.map((option) => ({ value: option, label: t(`form.networks.${option}`) }))}
        registered={form.register("network", {
          deps: ["walletAddress"],
          onChange: (event) => onNetworkChange(event.target.value as Network),
        })}
      />
      <AddressField
        id={`${id}-address`}
        network={network}
        error={error}
        prefilled={prefilled}
        registered={form.register("walletAddress")}
      />
    </>
  );
}

function AmountField({
  id,
  error,
  registered,
}: {
  id: string;
  error: string | null;
  registered: UseFormRegisterReturn<"amount">;
}) {
  const { t } = useTranslation("withdraw");
  const fmt = useMoneyFormat();
  return (
    <MoneyField id={id} label={t("form.amount")} error={error}>
      <Input
        id={id}
        type="number"
        step={WITHDRAWAL.amountStepUsdt}
        min={0}
        inputMode="decimal"
        autoComplete="off"
        placeholder={fmt.usdt(WITHDRAWAL.minMicroUsdt)}
        className="tabular-nums"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-error`}
        {...registered}
      />
    </MoneyField>
  );
}

/** The network fee and what the member receives, live. */
function WithdrawQuote({ network, amount }: { network: Network; amount: string }) {
  const { t } = useTranslation("withdraw");
  const fmt = useMoneyFormat();
  const quote = withdrawalQuote(network, parseUsdt(amount.trim()) ?? 0n);
  return (
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
  );
}

function AddressField({
  id,
  network,
  error,
  prefilled,
  registered,
}: {
  id: string;
  network: Network;
  error: string | null;
  /** The address is the one saved in Settings → Wallet. */
  prefilled: boolean;
  registered: UseFormRegisterReturn<"walletAddress">;
}) {
  const { t } = useTranslation("withdraw");
  return (
    <MoneyField
      id={id}
      label={t("form.address")}
      error={error}
      after={
        prefilled ? (
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {t("form.addressPrefilled")}
          </p>
        ) : null
      }
    >
      <Input
        id={id}
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="none"
        className="font-mono"
        placeholder={network === "TRC20" ? "T…" : "0x…"}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-error ${id}-hint`}
        {...registered}
      />
    </MoneyField>
  );
}

/** Why the form is closed (below the minimum), and a wallet change still on hold. */
function WithdrawNotes({ closed, heldUntil }: { closed: boolean; heldUntil: string | null }) {
  const { t } = useTranslation("withdraw");
  const fmt = useMoneyFormat();
  const min = fmt.amount(WITHDRAWAL.minMicroUsdt, "USDT");
  return (
    <>
      {closed ? <Note>{t("form.disabled", { min })}</Note> : null}
      {heldUntil ? <Note>{t("form.walletHeld", { date: fmt.dateTime(heldUntil) })}</Note> : null}
    </>
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
