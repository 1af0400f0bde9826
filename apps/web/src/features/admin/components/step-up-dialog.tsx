import { ADMIN } from "@viewvault/shared";
import { useTranslation } from "react-i18next";
import { ReauthDialog } from "@/components/account/reauth-dialog";
import { useAuth } from "@/lib/auth";
import { passkeyProofFor } from "@/lib/passkey-step-up";
import { useConfirmStepUp } from "../api/confirm-step-up";

/**
 * Step-up (ADR 029): the password or a 2FA code before an action that moves money or changes a
 * role. The server remembers the confirmation for this session for ADMIN.stepUpMinutes. A staff
 * member with a passkey may confirm the one action the server named instead (ADR 074).
 */
export function StepUpDialog({
  action,
  onConfirmed,
  onClose,
}: {
  /** The action and target the server asked a step-up for (STEP_UP_REQUIRED's `action`). */
  action?: string | undefined;
  onConfirmed: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation("admin");
  const { me } = useAuth();
  const mutation = useConfirmStepUp();
  return (
    <ReauthDialog
      title={t("stepUp.title")}
      description={(method) =>
        t(method === "code" ? "stepUp.textCode" : "stepUp.textPassword", {
          minutes: ADMIN.stepUpMinutes,
        })
      }
      labels={{
        password: t("stepUp.password"),
        code: t("stepUp.code"),
        usePassword: t("stepUp.usePassword"),
        useCode: t("stepUp.useCode"),
        cancel: t("actions.cancel"),
        confirm: t("stepUp.confirm"),
      }}
      inputId="step-up-secret"
      initialMethod={me?.user.twoFactorEnabled === false ? "password" : "code"}
      canSwitch={me?.user.twoFactorEnabled !== false}
      pending={mutation.isPending}
      lockWhilePending
      fallback={t("actions.failed")}
      onConfirm={(secret, report) =>
        mutation.mutate(secret, { onSuccess: onConfirmed, onError: report })
      }
      onClose={onClose}
      {...(action && me?.user.hasPasskey
        ? {
            passkey: {
              label: t("stepUp.withPasskey"),
              hint: t("stepUp.passkeyHint"),
              use: (report) => {
                passkeyProofFor({ kind: "staff", action })
                  .then((passkey) =>
                    mutation.mutate(
                      { passkey, action },
                      { onSuccess: onConfirmed, onError: report },
                    ),
                  )
                  .catch(report);
              },
            },
          }
        : {})}
    />
  );
}
