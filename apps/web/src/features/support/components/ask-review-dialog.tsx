import { SUPPORT_DESK, ZAskMemberReviewRequest } from "@viewvault/shared";
import { ShieldQuestionMark } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { TextDialog } from "@/components/ui/text-dialog";
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
  const ask = useAskMemberReview();
  return (
    <TextDialog
      title={t("risk.askDialog.title", { username })}
      description={t("risk.askDialog.description")}
      label={t("risk.askDialog.note")}
      field="note"
      schema={ZAskMemberReviewRequest.shape.note}
      maxLength={SUPPORT_DESK.reasonMaxLength}
      confirmLabel={t("risk.askDialog.submit")}
      pending={ask.isPending}
      failedText={t("risk.askDialog.failed")}
      onConfirm={(note, report) =>
        ask.mutate(
          { requestId, ...(note ? { note } : {}) },
          {
            onSuccess: () => {
              toast.success(t("risk.askDialog.done", { username }));
              onClose();
            },
            onError: (error) => {
              report(error);
              toast.error(errorText(t, error, t("risk.askDialog.failed")));
            },
          },
        )
      }
      onClose={onClose}
    />
  );
}
