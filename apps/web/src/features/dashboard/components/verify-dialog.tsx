import { VERIFICATION } from "@viewvault/shared";
import { BadgeCheck } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { ApiError } from "@/lib/api-client";
import { errorText } from "@/lib/problem-text";
import { useMoneyFormat } from "@/lib/use-money-format";
import { useVerifyAccount } from "../api/verify-account";

/** The Verify action: confirms, then spends 1,000 views once and marks the account verified. */
export function VerifyAction() {
  const { t } = useTranslation("dashboard");
  const fmt = useMoneyFormat();
  const [open, setOpen] = useState(false);
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
      <Button size="sm" variant="gradient" onClick={() => setOpen(true)}>
        <BadgeCheck aria-hidden="true" />
        {t("verify.action")}
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (!next && !verify.isPending) setOpen(false);
        }}
      >
        <DialogContent closeLabel={t("verify.cancel")}>
          <DialogHeader>
            <DialogTitle>{t("verify.title")}</DialogTitle>
            <DialogDescription>{t("verify.description", { cost })}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)} disabled={verify.isPending}>
              {t("verify.cancel")}
            </Button>
            <Button variant="gradient" onClick={confirm} disabled={verify.isPending}>
              <BadgeCheck aria-hidden="true" />
              {t("verify.confirm", { cost })}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
