import { Loader2 } from "lucide-react";
import type { ReactNode } from "react";
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

/**
 * The last look before money moves (a transfer, a marketplace purchase): what is sent or bought,
 * the final-step note, Cancel and the money button. The caller's idempotent mutation runs in
 * `onConfirm`; while it is `pending` both buttons are disabled and the dialog stays open.
 */
export function MoneyConfirmDialog({
  title,
  description,
  final,
  icon,
  submitLabel,
  pendingLabel,
  pending,
  onConfirm,
  onCancel,
  children,
}: {
  title: string;
  description: string;
  /** The note under the summary (what happens once confirmed). */
  final: string;
  /** The money button's icon while it is idle. */
  icon: ReactNode;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** The summary: amounts, the other member. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !pending) onCancel();
      }}
    >
      <DialogContent closeLabel={t("common:dialog.close")}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-4 rounded-xl border bg-muted/30 p-4">
          {children}
          <p className="text-xs text-muted-foreground">{final}</p>
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
            {t("common:dialog.cancel")}
          </Button>
          <Button type="button" variant="gradient" onClick={onConfirm} disabled={pending}>
            {pending ? <Loader2 aria-hidden="true" className="animate-spin" /> : icon}
            {pending ? pendingLabel : submitLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
