import { VERIFICATION } from "@viewvault/shared";
import { BadgeCheck } from "lucide-react";
import { Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api-client";
import { lazyPart } from "@/lib/lazy-part";
import { errorText } from "@/lib/problem-text";
import { toast } from "@/lib/toast";
import { useMoneyFormat } from "@/lib/use-money-format";
import { useVerifyAccount } from "../api/verify-account";

const VerifyConfirmDialog = lazyPart(() =>
  import("./verify-confirm-dialog").then((module) => module.VerifyConfirmDialog),
);

/** The Verify action: confirms, then spends 1,000 views once and marks the account verified. */
export function VerifyAction() {
  const { t } = useTranslation("dashboard");
  const fmt = useMoneyFormat();
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on (so that it closes as a dialog does).
  const [used, setUsed] = useState(false);
  const verify = useVerifyAccount();
  const cost = fmt.views(VERIFICATION.costViews);

  function confirm() {
    verify.mutate(null, {
      onSuccess: () => {
        toast.success(t("verify.success"));
        setOpen(false);
      },
      onError: (error) => {
        const insufficient = error instanceof ApiError && error.code === "INSUFFICIENT_BALANCE";
        toast.error(insufficient ? t("verify.insufficientTitle") : t("verify.failed"), {
          description: errorText(t, error, "") || undefined,
        });
        // A refusal ends the intent; after a lost answer the dialog stays and the same click
        // replays the same request (same key), so it is never charged twice.
        if (error instanceof ApiError && error.refused) setOpen(false);
      },
    });
  }

  return (
    <>
      <Button
        size="sm"
        variant="gradient"
        onPointerEnter={() => void VerifyConfirmDialog.preload().catch(() => {})}
        onFocus={() => void VerifyConfirmDialog.preload().catch(() => {})}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <BadgeCheck aria-hidden="true" />
        {t("verify.action")}
      </Button>
      {used ? (
        <Suspense fallback={null}>
          <VerifyConfirmDialog
            open={open}
            setOpen={setOpen}
            pending={verify.isPending}
            cost={cost}
            confirm={confirm}
          />
        </Suspense>
      ) : null}
    </>
  );
}
