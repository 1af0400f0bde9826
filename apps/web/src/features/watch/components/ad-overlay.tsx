import { X } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import type { PauseReason } from "../watch-machine";
import { AdSlot } from "./ad-slot";
import { ProgressBar } from "./progress-bar";

/**
 * The advertisement overlay: the ad's progress on the server's clock (`totalMs` long, as the
 * session says), counted only while the page is visible and focused (ADR 046); it can be closed
 * only once the ad ended.
 */
export function AdOverlay({
  adMs,
  totalMs,
  done,
  paused,
  onClose,
}: {
  adMs: number;
  totalMs: number;
  done: boolean;
  paused: PauseReason | null;
  onClose: () => void;
}) {
  const { t } = useTranslation("videos");
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    dialog.current?.focus();
  }, []);
  useEffect(() => {
    if (done) close.current?.focus();
  }, [done]);
  const secondsLeft = Math.max(0, Math.ceil((totalMs - adMs) / 1000));
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center overflow-y-auto bg-black/70 p-4">
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className="grid w-full max-w-2xl grid-cols-[minmax(0,1fr)] gap-4 rounded-xl border bg-background p-5 shadow-2xl outline-none"
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2
            id={titleId}
            className="text-sm font-semibold tracking-wide text-muted-foreground uppercase"
          >
            {t("watch.adTitle")}
          </h2>
          <Button
            ref={close}
            size="sm"
            variant={done ? "gradient" : "outline"}
            disabled={!done}
            onClick={onClose}
          >
            <X aria-hidden="true" />
            {t("watch.closeAd")}
          </Button>
        </div>
        <AdSlot />
        <ProgressBar value={adMs / 1000} max={totalMs / 1000} label={t("watch.progressAd")} />
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {done ? t("watch.adEnded") : t("watch.adEndsIn", { seconds: secondsLeft })}
        </p>
        {paused ? (
          <p className="text-sm font-medium text-warning" data-testid="ad-paused">
            {paused === "otherSession"
              ? t("watch.pausedOtherSession")
              : paused === "hidden"
                ? t("watch.pausedHidden")
                : t("watch.pausedUnfocused")}
          </p>
        ) : null}
      </div>
    </div>
  );
}
