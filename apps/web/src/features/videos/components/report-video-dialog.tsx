import type { TVideo } from "@viewvault/shared";
import { Flag, Loader2 } from "lucide-react";
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
import { useReportVideo } from "../api/report-video";

/**
 * "Report this video" from a feed card: a confirmation, then the report joins the
 * unplayable-video reports of the attention work (ADR 046) — enough members' reports take the
 * video out of the feed and tell its owner.
 */
export function ReportVideoDialog({
  video,
  onClose,
}: {
  video: TVideo | null;
  onClose: () => void;
}) {
  const { t } = useTranslation("videos");
  const report = useReportVideo();
  if (!video) return null;
  return (
    <Dialog open onOpenChange={(open) => (open || report.isPending ? null : onClose())}>
      <DialogContent closeLabel={t("common:dialog.close")}>
        <DialogHeader>
          <DialogTitle>{t("report.title")}</DialogTitle>
          <DialogDescription>{t("report.description", { title: video.title })}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" disabled={report.isPending} onClick={onClose}>
            {t("report.cancel")}
          </Button>
          <Button
            variant="destructive"
            disabled={report.isPending}
            onClick={() =>
              report.mutate(video.id, {
                onSuccess: () => {
                  toast.success(t("report.done"));
                  onClose();
                },
                onError: (error) => toast.error(errorText(t, error, t("report.failed"))),
              })
            }
          >
            {report.isPending ? (
              <Loader2 aria-hidden="true" className="animate-spin" />
            ) : (
              <Flag aria-hidden="true" />
            )}
            {report.isPending ? t("report.reporting") : t("report.confirm")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
