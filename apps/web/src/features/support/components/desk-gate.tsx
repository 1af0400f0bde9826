import { zodResolver } from "@hookform/resolvers/zod";
import {
  problemMessage,
  SUPPORT_DESK,
  SUPPORT_UNLOCK_ACTION,
  type TSupportUnlockPassword,
  type TSupportUnlockRequest,
  ZSupportUnlockPassword,
} from "@viewvault/shared";
import { Fingerprint, Loader2, LockKeyhole } from "lucide-react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormError, PasswordField } from "@/components/ui/form-field";
import { ApiError } from "@/lib/api-client";
import { useAuth } from "@/lib/auth";
import { fieldText } from "@/lib/form";
import { passkeyProofFor } from "@/lib/passkey-step-up";
import { errorText } from "@/lib/problem-text";
import { toast } from "@/lib/toast";
import { useUnlockDesk } from "../api/desk-unlock";

const GATE_TOAST = "support-desk-gate";
/**
 * The seeds' password gate, now a server-checked step: the staff member's own password unlocks
 * the desk for this session ("Access Granted" / "Access Denied: Invalid password"), rate-limited.
 * A staff member with a passkey may unlock with it instead (ADR 075).
 */
export function DeskGate() {
  const { t } = useTranslation("support");
  const { me } = useAuth();
  const unlock = useUnlockDesk();
  const form = useForm<TSupportUnlockPassword>({
    resolver: zodResolver(ZSupportUnlockPassword),
    defaultValues: { password: "" },
  });
  const { errors } = form.formState;

  function send(proof: TSupportUnlockRequest) {
    unlock.mutate(proof, {
      // One toast for the gate: access granted replaces the denial it answers.
      onSuccess: () => toast.success(t("gate.granted"), { id: GATE_TOAST }),
      onError: (error) => {
        const text = errorText(t, error, t("errors:UNKNOWN"));
        if (error instanceof ApiError && error.refused && error.field === "password") {
          form.setError("password", { type: error.code, message: problemMessage(error.problem) });
        } else {
          form.setError("root.server", { type: "server", message: text });
        }
        toast.error(text, { id: GATE_TOAST });
      },
    });
  }

  function withPasskey() {
    form.clearErrors();
    passkeyProofFor({ kind: "staff", action: SUPPORT_UNLOCK_ACTION })
      .then((passkey) => send({ passkey }))
      .catch((error: unknown) => {
        const text = errorText(t, error, t("gate.passkeyFailed"));
        form.setError("root.server", { type: "server", message: text });
      });
  }

  return (
    <Card className="mx-auto w-full max-w-md">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <LockKeyhole aria-hidden="true" className="size-5 text-primary" />
          {t("gate.title")}
        </CardTitle>
        <CardDescription>
          {t("gate.description", { minutes: SUPPORT_DESK.unlockMinutes })}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          onSubmit={form.handleSubmit(({ password }) => send({ password }))}
          className="grid gap-4"
          noValidate
        >
          <FormError message={errors.root?.server?.message} />
          {me?.user.hasPasskey ? (
            <div className="grid gap-2">
              <Button type="button" onClick={withPasskey} disabled={unlock.isPending}>
                <Fingerprint aria-hidden="true" />
                {t("gate.withPasskey")}
              </Button>
              <p className="text-center text-xs text-muted-foreground">{t("gate.passkeyHint")}</p>
            </div>
          ) : null}
          <PasswordField
            id="support-gate-password"
            label={t("gate.password")}
            autoComplete="current-password"
            error={fieldText(t, errors.password?.message)}
            {...form.register("password")}
          />
          <Button type="submit" disabled={unlock.isPending}>
            {unlock.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
            {t("gate.submit")}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
