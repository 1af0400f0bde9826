import { zodResolver } from "@hookform/resolvers/zod";
import { NETWORKS, type TMe, type TWalletForm, WITHDRAWAL, ZWalletForm } from "@viewvault/shared";
import { AlertCircle, Save, Wallet } from "lucide-react";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ReauthDialog } from "@/components/account/reauth-dialog";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input, NativeSelect } from "@/components/ui/input";
import { FieldError, Label } from "@/components/ui/label";
import { fieldText } from "@/lib/form";
import { passkeyProofFor } from "@/lib/passkey-step-up";
import { toast } from "@/lib/toast";
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
          hasPasskey={me.user.hasPasskey ?? false}
          wallet={confirming}
        />
      ) : null}
    </Card>
  );
}

function ConfirmWalletDialog({
  onClose,
  twoFactorEnabled,
  hasPasskey,
  wallet,
}: {
  onClose: () => void;
  twoFactorEnabled: boolean;
  /** A passkey confirms this network and address only (ADR 074). */
  hasPasskey: boolean;
  wallet: TWalletForm;
}) {
  const { t } = useTranslation("settings");
  const mutation = useUpdateWallet();
  const saved = {
    onSuccess: () => {
      toast.success(t("wallet.saved"));
      onClose();
    },
  };
  return (
    <ReauthDialog
      title={t("wallet.confirmTitle")}
      description={(method) =>
        method === "code" ? t("wallet.confirmWithCode") : t("wallet.confirmWithPassword")
      }
      labels={{
        password: t("wallet.password"),
        code: t("wallet.code"),
        usePassword: t("wallet.usePassword"),
        useCode: t("wallet.useCode"),
        cancel: t("common:dialog.cancel"),
        confirm: t("wallet.confirm"),
      }}
      inputId="wallet-confirm-secret"
      initialMethod={twoFactorEnabled ? "code" : "password"}
      canSwitch={twoFactorEnabled}
      pending={mutation.isPending}
      // A wrong password or code (INVALID_CREDENTIALS) belongs to the secret's field.
      fallback={t("errors:UNKNOWN")}
      onConfirm={(secret, report) =>
        mutation.mutate(
          { ...wallet, ...secret },
          {
            onSuccess: () => {
              toast.success(t("wallet.saved"));
              onClose();
            },
            onError: report,
          },
        )
      }
      onClose={onClose}
      {...(hasPasskey
        ? {
            passkey: {
              label: t("wallet.withPasskey"),
              hint: t("wallet.passkeyHint"),
              use: (report) => {
                passkeyProofFor({ kind: "wallet", ...wallet })
                  .then((passkey) =>
                    mutation.mutate({ ...wallet, passkey }, { ...saved, onError: report }),
                  )
                  .catch(report);
              },
            },
          }
        : {})}
    >
      <p className="rounded-md bg-muted px-3 py-2 font-mono text-xs break-all">
        {wallet.walletNetwork} · {wallet.walletAddress}
      </p>
    </ReauthDialog>
  );
}
