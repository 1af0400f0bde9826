import { zodResolver } from "@hookform/resolvers/zod";
import {
  problemMessage,
  SUPPORT_DESK,
  type TSupportUnlockRequest,
  ZSupportUnlockRequest,
} from "@viewvault/shared";
import { Loader2, LockKeyhole } from "lucide-react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormError, PasswordField } from "@/components/ui/form-field";
import { ApiError } from "@/lib/api-client";
import { fieldText } from "@/lib/form";
import { errorText } from "@/lib/problem-text";
import { toast } from "@/lib/toast";
import { useUnlockDesk } from "../api/desk-unlock";

const GATE_TOAST = "support-desk-gate";
/**
 * The seeds' password gate, now a server-checked step: the staff member's own password unlocks
 * the desk for this session ("Access Granted" / "Access Denied: Invalid password"), rate-limited.
 */
export function DeskGate() {
  const { t } = useTranslation("support");
  const unlock = useUnlockDesk();
  const form = useForm<TSupportUnlockRequest>({
    resolver: zodResolver(ZSupportUnlockRequest),
    defaultValues: { password: "" },
  });
  const { errors } = form.formState;

  function onValid({ password }: TSupportUnlockRequest) {
    unlock.mutate(password, {
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
        <form onSubmit={form.handleSubmit(onValid)} className="grid gap-4" noValidate>
          <FormError message={errors.root?.server?.message} />
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
