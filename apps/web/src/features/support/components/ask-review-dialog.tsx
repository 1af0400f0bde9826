import { zodResolver } from "@hookform/resolvers/zod";
import {
  SUPPORT_DESK,
  type TAskMemberReviewRequest,
  ZAskMemberReviewRequest,
} from "@viewvault/shared";
import { Loader2, ShieldQuestionMark } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
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
import { FormError } from "@/components/ui/form-field";
import { FieldError, Label } from "@/components/ui/label";
import { fieldText } from "@/lib/form";
import { errorText } from "@/lib/problem-text";
import { toast } from "@/lib/toast";
import { useAskMemberReview } from "../api/ask-member-review";

/**
 * "Ask an admin to review" (ADR 071): the withdrawing member is in risk review and the database
 * refuses their payout until an admin reviews them; support asks here, with an optional note.
 */
export function AskReviewButton({ requestId, username }: { requestId: string; username: string }) {
  const { t } = useTranslation("support");
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type="button"
        size="sm"
        variant="outline"
        className="justify-self-start"
        onClick={() => setOpen(true)}
      >
        <ShieldQuestionMark aria-hidden="true" />
        {t("risk.ask")}
      </Button>
      {open ? (
        <AskReviewDialog requestId={requestId} username={username} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}

function AskReviewDialog({
  requestId,
  username,
  onClose,
}: {
  requestId: string;
  username: string;
  onClose: () => void;
}) {
  const { t } = useTranslation("support");
  const ids = useId();
  const ask = useAskMemberReview();
  const form = useForm<TAskMemberReviewRequest>({
    resolver: zodResolver(ZAskMemberReviewRequest),
    defaultValues: { note: "" },
  });
  const { errors } = form.formState;

  function onValid({ note }: TAskMemberReviewRequest) {
    ask.mutate(
      { requestId, ...(note ? { note } : {}) },
      {
        onSuccess: () => {
          toast.success(t("risk.askDialog.done", { username }));
          onClose();
        },
        onError: (error) => {
          const text = errorText(t, error, t("risk.askDialog.failed"));
          form.setError("root.server", { type: "server", message: text });
          toast.error(text);
        },
      },
    );
  }

  return (
    <Dialog open onOpenChange={(next) => (!next && !ask.isPending ? onClose() : null)}>
      <DialogContent closeLabel={t("common:dialog.close")}>
        <DialogHeader>
          <DialogTitle>{t("risk.askDialog.title", { username })}</DialogTitle>
          <DialogDescription>{t("risk.askDialog.description")}</DialogDescription>
        </DialogHeader>
        <form onSubmit={form.handleSubmit(onValid)} className="grid gap-4" noValidate>
          <FormError message={errors.root?.server?.message} />
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-note`}>{t("risk.askDialog.note")}</Label>
            <textarea
              id={`${ids}-note`}
              rows={3}
              maxLength={SUPPORT_DESK.reasonMaxLength}
              className="min-h-20 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs outline-none focus-visible:ring-2 focus-visible:ring-ring md:text-sm"
              aria-invalid={errors.note ? true : undefined}
              aria-describedby={`${ids}-note-error`}
              {...form.register("note")}
            />
            <FieldError id={`${ids}-note-error`}>{fieldText(t, errors.note?.message)}</FieldError>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={ask.isPending}>
              {t("common:dialog.cancel")}
            </Button>
            <Button type="submit" disabled={ask.isPending}>
              {ask.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
              {t("risk.askDialog.submit")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
