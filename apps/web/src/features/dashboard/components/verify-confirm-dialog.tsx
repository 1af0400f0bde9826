import { BadgeCheck } from "lucide-react";
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

/** Verify's confirmation (its own chunk: Radix Dialog loads when it is first opened, ADR 076). */
export function VerifyConfirmDialog({
  open,
  setOpen,
  pending,
  cost,
  confirm,
}: {
  open: boolean;
  setOpen: (open: boolean) => void;
  pending: boolean;
  cost: string;
  confirm: () => void;
}) {
  const { t } = useTranslation("dashboard");
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !pending) setOpen(false);
      }}
    >
      <DialogContent closeLabel={t("verify.cancel")}>
        <DialogHeader>
          <DialogTitle>{t("verify.title")}</DialogTitle>
          <DialogDescription>{t("verify.description", { cost })}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => setOpen(false)} disabled={pending}>
            {t("verify.cancel")}
          </Button>
          <Button variant="gradient" onClick={confirm} disabled={pending}>
            <BadgeCheck aria-hidden="true" />
            {t("verify.confirm", { cost })}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
