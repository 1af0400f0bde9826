import { zodResolver } from "@hookform/resolvers/zod";
import { SUPPORT_DESK, type TAppealRequest, ZAppealRequest } from "@viewvault/shared";
import { Loader2, PauseCircle, ShieldAlert } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { toast } from "sonner";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
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
import { fieldText, setServerError } from "@/lib/form";
import { useMoneyFormat } from "@/lib/use-money-format";
import { useAppealPause } from "../api/appeal-pause";
import { useOwnEnforcement } from "../api/get-own-enforcement";

/**
 * An account in review (high risk, not yet reviewed: earnings on hold wait, ADR 071), and
 * a paused member's banner (dashboard, withdraw page): cash-out is paused, why, since when, and
 * the appeal (a support request, prefilled) or where the appeal stands. Nothing when not paused.
 */
export function CashoutPauseBanner() {
  const { t } = useTranslation("enforcement");
  const fmt = useMoneyFormat();
  const enforcement = useOwnEnforcement();
  const [appealing, setAppealing] = useState(false);
  const paused = enforcement.data?.cashoutPaused;
  const review = enforcement.data?.inReview ? (
    <Alert variant="warning" data-testid="account-in-review">
      <ShieldAlert aria-hidden="true" />
      <AlertTitle>{t("review.title")}</AlertTitle>
      <AlertDescription className="grid gap-2">
        <p>{t("review.explain")}</p>
        <p>
          <Link className="font-medium text-primary underline" to="/support">
            {t("review.contact")}
          </Link>
        </p>
      </AlertDescription>
    </Alert>
  ) : null;
  if (!paused) return review;
  return (
    <>
      {review}
      <Alert variant="warning" data-testid="cashout-paused">
        <PauseCircle aria-hidden="true" />
        <AlertTitle>{t("paused.title")}</AlertTitle>
        <AlertDescription className="grid gap-2">
          <p>
            <span className="font-medium text-foreground">{t("paused.reasonLabel")} </span>
            <span data-testid="cashout-paused-reason">{paused.reason}</span>
          </p>
          <p className="text-xs">{t("paused.since", { date: fmt.dateTime(paused.pausedAt) })}</p>
          <p>{t("paused.explain")}</p>
          {paused.appealRequestId ? (
            <p>
              {t("paused.appealed")}{" "}
              <Link className="font-medium text-primary underline" to="/support">
                {t("paused.seeAppeal")}
              </Link>
            </p>
          ) : (
            <div>
              <Button size="sm" onClick={() => setAppealing(true)}>
                {t("paused.appeal")}
              </Button>
            </div>
          )}
        </AlertDescription>
        {appealing ? (
          <AppealDialog reason={paused.reason} onClose={() => setAppealing(false)} />
        ) : null}
      </Alert>
    </>
  );
}

function AppealDialog({ reason, onClose }: { reason: string; onClose: () => void }) {
  const { t } = useTranslation("enforcement");
  const appeal = useAppealPause();
  const form = useForm<TAppealRequest>({
    resolver: zodResolver(ZAppealRequest),
    defaultValues: { message: t("appeal.prefill", { reason }) },
  });
  const { errors } = form.formState;
  const messageError = fieldText(t, errors.message?.message);
  return (
    <Dialog open onOpenChange={(open) => (open || appeal.isPending ? null : onClose())}>
      <DialogContent closeLabel={t("common:dialog.close")}>
        <DialogHeader>
          <DialogTitle>{t("appeal.title")}</DialogTitle>
          <DialogDescription>{t("appeal.description")}</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={form.handleSubmit((values) =>
            appeal.mutate(values, {
              onSuccess: () => {
                toast.success(t("appeal.sent"));
                onClose();
              },
              onError: (error) =>
                setServerError(form.setError, t, error, {
                  fields: ["message"],
                  fallback: t("appeal.failed"),
                }),
            }),
          )}
        >
          <FormError message={errors.root?.server?.message} />
          <div className="grid gap-2">
            <Label htmlFor="appeal-message">{t("appeal.message")}</Label>
            <textarea
              id="appeal-message"
              rows={6}
              maxLength={SUPPORT_DESK.messageMaxLength}
              className="min-h-32 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs outline-none focus-visible:ring-2 focus-visible:ring-ring md:text-sm"
              aria-invalid={messageError ? true : undefined}
              aria-describedby="appeal-message-error"
              {...form.register("message")}
            />
            <FieldError id="appeal-message-error">{messageError}</FieldError>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={appeal.isPending}>
              {t("appeal.cancel")}
            </Button>
            <Button type="submit" disabled={appeal.isPending}>
              {appeal.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
              {t("appeal.send")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
