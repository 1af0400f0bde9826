import { zodResolver } from "@hookform/resolvers/zod";
import {
  NETWORKS,
  type TMe,
  type TWalletConfirmForm,
  type TWalletForm,
  WITHDRAWAL,
  ZWalletConfirmForm,
  ZWalletForm,
} from "@viewvault/shared";
import { AlertCircle, Loader2, Lock, Save, ShieldCheck, Wallet } from "lucide-react";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import type { z } from "zod";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { FormError } from "@/components/ui/form-field";
import { Input, NativeSelect } from "@/components/ui/input";
import { FieldError, Label } from "@/components/ui/label";
import { fieldText, setServerError } from "@/lib/form";
import { useUpdateWallet } from "../api/update-wallet";

/** Carteira: payout network and address (`ZWalletForm`); saving asks for the password or a 2FA code. */
export function WalletTab({ me }: { me: TMe }) {
  const { t } = useTranslation("settings");
  const form = useForm<TWalletForm>({
    resolver: zodResolver(ZWalletForm),
    // The address is checked as it is typed (and when the field is left), as before saving.
    mode: "all",
    defaultValues: {
      walletNetwork: me.profile.walletNetwork ?? "TRC20",
      walletAddress: me.profile.walletAddress ?? "",
    },
  });
  const { errors } = form.formState;
  const [network, address] = useWatch({
    control: form.control,
    name: ["walletNetwork", "walletAddress"],
  });
  const [confirming, setConfirming] = useState<TWalletForm | null>(null);
  const unchanged =
    network === me.profile.walletNetwork && address.trim() === (me.profile.walletAddress ?? "");
  const addressError = fieldText(t, errors.walletAddress?.message);

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Wallet aria-hidden="true" className="size-5 text-primary" />
          {t("wallet.title")}
        </CardTitle>
        <CardDescription>{t("wallet.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {me.profile.walletAddress ? (
          <p className="rounded-lg border bg-muted/40 px-3 py-2 text-sm break-all">
            <span className="text-muted-foreground">{t("wallet.current")}</span>{" "}
            <span className="font-medium">{me.profile.walletNetwork}</span> ·{" "}
            <span className="font-mono">{me.profile.walletAddress}</span>
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">{t("wallet.none")}</p>
        )}
        <form
          onSubmit={form.handleSubmit((values) => setConfirming(values))}
          className="grid gap-4"
          noValidate
        >
          <div className="grid gap-2 sm:max-w-xs">
            <Label htmlFor="wallet-network">{t("wallet.network")}</Label>
            <NativeSelect
              id="wallet-network"
              {...form.register("walletNetwork", { deps: ["walletAddress"] })}
            >
              {NETWORKS.map((option) => (
                <option key={option} value={option}>
                  {t(`wallet.networks.${option}`)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="wallet-address">{t("wallet.address")}</Label>
            <Input
              id="wallet-address"
              autoComplete="off"
              spellCheck={false}
              className="font-mono"
              placeholder={network === "TRC20" ? "T…" : "0x…"}
              aria-invalid={addressError ? true : undefined}
              aria-describedby="wallet-address-error"
              {...form.register("walletAddress")}
            />
            <FieldError id="wallet-address-error">{addressError}</FieldError>
          </div>
          <Alert variant="warning">
            <AlertCircle aria-hidden="true" />
            <AlertDescription className="text-foreground">
              {t("wallet.warning", { hours: WITHDRAWAL.newAddressHoldHours })}
            </AlertDescription>
          </Alert>
          <Button type="submit" className="justify-self-start" disabled={unchanged}>
            <Save aria-hidden="true" />
            {t("wallet.save")}
          </Button>
        </form>
      </CardContent>
      {confirming ? (
        // Mounted per attempt, so each one starts empty and with the right method.
        <ConfirmWalletDialog
          onClose={() => setConfirming(null)}
          twoFactorEnabled={me.user.twoFactorEnabled}
          wallet={confirming}
        />
      ) : null}
    </Card>
  );
}

function ConfirmWalletDialog({
  onClose,
  twoFactorEnabled,
  wallet,
}: {
  onClose: () => void;
  twoFactorEnabled: boolean;
  wallet: TWalletForm;
}) {
  const { t } = useTranslation("settings");
  const mutation = useUpdateWallet();
  const form = useForm<z.input<typeof ZWalletConfirmForm>, unknown, TWalletConfirmForm>({
    resolver: zodResolver(ZWalletConfirmForm),
    defaultValues: { method: twoFactorEnabled ? "code" : "password", secret: "" },
  });
  const { errors } = form.formState;
  const method = useWatch({ control: form.control, name: "method" });
  const secretError = fieldText(t, errors.secret?.message);

  function onValid(values: TWalletConfirmForm) {
    mutation.mutate(
      {
        ...wallet,
        ...(values.method === "code" ? { code: values.secret } : { password: values.secret }),
      },
      {
        onSuccess: () => {
          toast.success(t("wallet.saved"));
          onClose();
        },
        onError: (caught) => {
          // A wrong password or code (INVALID_CREDENTIALS) belongs to the secret's field.
          setServerError(form.setError, t, caught, {
            fields: ["secret"],
            fallbackField: "secret",
            fallback: t("errors:UNKNOWN"),
          });
        },
      },
    );
  }

  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent closeLabel={t("common:dialog.close")}>
        <DialogHeader>
          <DialogTitle>{t("wallet.confirmTitle")}</DialogTitle>
          <DialogDescription>
            {method === "code" ? t("wallet.confirmWithCode") : t("wallet.confirmWithPassword")}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={form.handleSubmit(onValid)} className="grid gap-4" noValidate>
          <FormError message={errors.root?.server?.message} />
          <p className="rounded-md bg-muted px-3 py-2 font-mono text-xs break-all">
            {wallet.walletNetwork} · {wallet.walletAddress}
          </p>
          <div className="grid gap-2">
            <Label htmlFor="wallet-confirm-secret">
              {method === "code" ? t("wallet.code") : t("wallet.password")}
            </Label>
            <Input
              id="wallet-confirm-secret"
              type={method === "code" ? "text" : "password"}
              inputMode={method === "code" ? "numeric" : undefined}
              autoComplete={method === "code" ? "one-time-code" : "current-password"}
              maxLength={method === "code" ? 6 : 128}
              aria-invalid={secretError ? true : undefined}
              aria-describedby={secretError ? "wallet-confirm-secret-error" : undefined}
              {...form.register("secret")}
            />
            <FieldError id="wallet-confirm-secret-error">{secretError}</FieldError>
          </div>
          {twoFactorEnabled ? (
            <Button
              type="button"
              variant="link"
              size="sm"
              className="justify-self-start px-0"
              onClick={() =>
                form.reset({ method: method === "code" ? "password" : "code", secret: "" })
              }
            >
              {method === "code" ? <Lock aria-hidden="true" /> : <ShieldCheck aria-hidden="true" />}
              {method === "code" ? t("wallet.usePassword") : t("wallet.useCode")}
            </Button>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t("common:dialog.cancel")}
            </Button>
            <Button type="submit" disabled={mutation.isPending}>
              {mutation.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
              {t("wallet.confirm")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
