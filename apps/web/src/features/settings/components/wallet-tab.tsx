import { NETWORKS, type Network, type TMe } from "@viewvault/shared";
import { AlertCircle, Loader2, Lock, Save, ShieldCheck, Wallet } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
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
import { ApiError } from "@/lib/api-client";
import { useUpdateWallet } from "../api/update-wallet";
import { WALLET_PROBLEM_KEYS, walletProblem } from "../wallet-validation";

/** Carteira: payout network and address; saving asks for the password or a 2FA code. */
export function WalletTab({ me }: { me: TMe }) {
  const { t } = useTranslation("settings");
  const [network, setNetwork] = useState<Network>(me.profile.walletNetwork ?? "TRC20");
  const [address, setAddress] = useState(me.profile.walletAddress ?? "");
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const problem = walletProblem(network, address);
  const unchanged =
    network === me.profile.walletNetwork && address.trim() === (me.profile.walletAddress ?? "");

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (problem) return;
    setConfirming(true);
  }

  const showProblem = problem && (touched || address.trim() !== "");
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
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <div className="grid gap-2 sm:max-w-xs">
            <Label htmlFor="wallet-network">{t("wallet.network")}</Label>
            <NativeSelect
              id="wallet-network"
              value={network}
              onChange={(event) => setNetwork(event.target.value as Network)}
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
              aria-invalid={showProblem ? true : undefined}
              aria-describedby="wallet-address-error"
              value={address}
              onChange={(event) => setAddress(event.target.value)}
              onBlur={() => setTouched(true)}
            />
            <FieldError id="wallet-address-error">
              {showProblem ? t(`auth:validation.${WALLET_PROBLEM_KEYS[problem]}`) : null}
            </FieldError>
          </div>
          <Alert variant="warning">
            <AlertCircle aria-hidden="true" />
            <AlertDescription className="text-foreground">{t("wallet.warning")}</AlertDescription>
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
          onOpenChange={setConfirming}
          twoFactorEnabled={me.user.twoFactorEnabled}
          wallet={{ walletNetwork: network, walletAddress: address.trim() }}
        />
      ) : null}
    </Card>
  );
}

function ConfirmWalletDialog({
  onOpenChange,
  twoFactorEnabled,
  wallet,
}: {
  onOpenChange: (open: boolean) => void;
  twoFactorEnabled: boolean;
  wallet: { walletNetwork: Network; walletAddress: string };
}) {
  const { t } = useTranslation("settings");
  const mutation = useUpdateWallet();
  const [method, setMethod] = useState<"password" | "code">(twoFactorEnabled ? "code" : "password");
  const [secret, setSecret] = useState("");
  const [error, setError] = useState<string | null>(null);

  function close(next: boolean) {
    onOpenChange(next);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const value = method === "code" ? secret.replace(/\D/g, "") : secret;
    if (!value || (method === "code" && value.length !== 6)) {
      setError(t(method === "code" ? "auth:validation.codeSixDigits" : "wallet.passwordRequired"));
      return;
    }
    mutation.mutate(
      { ...wallet, ...(method === "code" ? { code: value } : { password: value }) },
      {
        onSuccess: () => {
          toast.success(t("wallet.saved"));
          close(false);
        },
        onError: (caught) => {
          setError(
            caught instanceof ApiError && (caught.status === 403 || caught.status === 401)
              ? t("wallet.wrongSecret")
              : caught instanceof ApiError
                ? t(`errors:${caught.code}`)
                : t("errors:UNKNOWN"),
          );
        },
      },
    );
  }

  return (
    <Dialog open onOpenChange={close}>
      <DialogContent closeLabel={t("common:dialog.close")}>
        <DialogHeader>
          <DialogTitle>{t("wallet.confirmTitle")}</DialogTitle>
          <DialogDescription>
            {method === "code" ? t("wallet.confirmWithCode") : t("wallet.confirmWithPassword")}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <FormError message={error} />
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
              value={secret}
              onChange={(event) => setSecret(event.target.value)}
            />
          </div>
          {twoFactorEnabled ? (
            <Button
              type="button"
              variant="link"
              size="sm"
              className="justify-self-start px-0"
              onClick={() => {
                setMethod(method === "code" ? "password" : "code");
                setSecret("");
                setError(null);
              }}
            >
              {method === "code" ? <Lock aria-hidden="true" /> : <ShieldCheck aria-hidden="true" />}
              {method === "code" ? t("wallet.usePassword") : t("wallet.useCode")}
            </Button>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)}>
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
