import { ADMIN } from "@viewvault/shared";
import { useTranslation } from "react-i18next";
import { ReauthDialog } from "@/components/account/reauth-dialog";
import { useConfirmStepUp } from "../api/confirm-step-up";

/**
 * Step-up (ADR 029): the password or a 2FA code before an action that moves money or changes a
 * role. The server remembers the confirmation for this session for ADMIN.stepUpMinutes.
 */
export function StepUpDialog({
  onConfirmed,
  onClose,
}: {
  onConfirmed: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation("admin");
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
      initialMethod="code"
      canSwitch
      pending={mutation.isPending}
      lockWhilePending
      fallback={t("actions.failed")}
      onConfirm={(secret, report) =>
        mutation.mutate(secret, { onSuccess: onConfirmed, onError: report })
      }
      onClose={onClose}
    />
  );
}
