import type { TWithdrawal } from "@viewvault/shared";
import { Loader2, Undo2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { errorText } from "@/lib/problem-text";
import { toast } from "@/lib/toast";
import { useMoneyFormat } from "@/lib/use-money-format";
import { useCancelWithdrawal } from "../api/cancel-withdrawal";

/**
 * "Cancel withdrawal" on a pending withdrawal no staff member has taken yet, with a
 * confirmation. The mutation lives here, not in the dialog, so a retry after a lost answer
 * reuses the intent's Idempotency-Key; the server refuses once staff took it.
 */
export function CancelWithdrawalButton({ withdrawal }: { withdrawal: TWithdrawal }) {
  const { t } = useTranslation("withdraw");
  const fmt = useMoneyFormat();
  const [open, setOpen] = useState(false);
  const cancel = useCancelWithdrawal();
  const amount = fmt.amount(withdrawal.amount, "USDT");

  function onConfirm() {
    cancel.mutate(withdrawal.id, {
      onSuccess: () => {
        setOpen(false);
        toast.success(t("cancel.done"), { description: t("cancel.doneDetail", { amount }) });
      },
      onError: (error) => {
        setOpen(false);
        toast.error(errorText(t, error, t("cancel.failed")));
      },
    });
  }

  return (
    <>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="justify-self-start"
        onClick={() => setOpen(true)}
      >
        <Undo2 aria-hidden="true" />
        {t("cancel.button")}
      </Button>
      {open ? (
        <Dialog open onOpenChange={(next) => (next || cancel.isPending ? null : setOpen(false))}>
          <DialogContent closeLabel={t("common:dialog.close")}>
            <DialogHeader>
              <DialogTitle>{t("cancel.title")}</DialogTitle>
              <DialogDescription>{t("cancel.body", { amount })}</DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <Button
                type="button"
                variant="outline"
                disabled={cancel.isPending}
                onClick={() => setOpen(false)}
              >
                {t("cancel.keep")}
              </Button>
              <Button
                type="button"
                variant="destructive"
                disabled={cancel.isPending}
                onClick={onConfirm}
              >
                {cancel.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
                {cancel.isPending ? t("cancel.cancelling") : t("cancel.confirm")}
              </Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      ) : null}
    </>
  );
}
