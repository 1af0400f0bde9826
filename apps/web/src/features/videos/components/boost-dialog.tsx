import { BOOST, type TVideo } from "@viewvault/shared";
import { Rocket } from "lucide-react";
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
import { ApiError } from "@/lib/api-client";
import { errorText } from "@/lib/problem-text";
import { toast } from "@/lib/toast";
import { useMoneyFormat } from "@/lib/use-money-format";
import { useBoostVideo } from "../api/boost-video";

/** Confirms and pays a boost of the owner's video (100 views, 24 h; extends a running one). */
export function BoostDialog({ video, onClose }: { video: TVideo | null; onClose: () => void }) {
  const { t } = useTranslation("videos");
  const fmt = useMoneyFormat();
  const boost = useBoostVideo();
  const cost = BOOST.costViews.toString();

  function confirm() {
    if (!video) return;
    boost.mutate(video.id, {
      onSuccess: (result) => {
        toast.success(t("boost.success"), {
          description: t("boost.successDescription", {
            date: fmt.dateTime(result.boost.expiresAt),
          }),
        });
        onClose();
      },
      onError: (error) => {
        const insufficient = error instanceof ApiError && error.code === "INSUFFICIENT_BALANCE";
        toast.error(insufficient ? t("boost.insufficientTitle") : t("boost.failed"), {
          description: errorText(t, error, "") || undefined,
        });
        // A refusal ends the intent; after a lost answer the dialog stays and "Boost" again
        // replays the same request (same key), so it is never paid twice.
        if (error instanceof ApiError && error.refused) onClose();
      },
    });
  }

  return (
    <Dialog
      open={video !== null}
      onOpenChange={(open) => {
        if (!open && !boost.isPending) onClose();
      }}
    >
      <DialogContent closeLabel={t("requests.close")}>
        <DialogHeader>
          <DialogTitle>{t("boost.title")}</DialogTitle>
          <DialogDescription>
            {t("boost.description", { cost, hours: BOOST.hours })}
          </DialogDescription>
        </DialogHeader>
        {video ? <p className="line-clamp-2 font-medium">{video.title}</p> : null}
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={boost.isPending}>
            {t("boost.cancel")}
          </Button>
          <Button variant="gradient" onClick={confirm} disabled={boost.isPending}>
            <Rocket aria-hidden="true" />
            {t("boost.confirm", { cost })}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
