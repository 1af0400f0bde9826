import { zodResolver } from "@hookform/resolvers/zod";
import {
  MARKETPLACE,
  MICRO_PER_USDT,
  offerForm,
  parseOffer,
  type TOfferForm,
} from "@viewvault/shared";
import { Loader2, Tag } from "lucide-react";
import { useId } from "react";
import { type FieldErrors, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormError } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { FieldError, Label } from "@/components/ui/label";
import { toBigBalances, useBalances } from "@/lib/balances";
import { fieldText, setServerError } from "@/lib/form";
import { errorText } from "@/lib/problem-text";
import { useCreateOffer } from "../api/offers";
import { useOfferFormat } from "../use-offer-format";

type OfferContext = Parameters<typeof offerForm>[0];

/**
 * Vender: quantity and price per view, the total computed live, then the offer is listed with the
 * form's idempotent mutation (the views move to escrow on the server). The contract runs the
 * shared `offerProblem` — the server's checks in the seeds' order.
 */
export function SellForm({ onListed }: { onListed: () => void }) {
  const { t } = useTranslation("marketplace");
  const fmt = useOfferFormat();
  const ids = useId();
  const balances = toBigBalances(useBalances().data);
  const form = useForm<TOfferForm, OfferContext>({
    defaultValues: { viewsQuantity: "", pricePerView: "" },
    context: { balances },
    resolver: (values, context, options) =>
      zodResolver(offerForm(context ?? { balances: null }))(values, context, options),
  });
  const { errors } = form.formState;
  const mutation = useCreateOffer();
  const [viewsQuantity, pricePerView] = useWatch({
    control: form.control,
    name: ["viewsQuantity", "pricePerView"],
  });
  const parsed = parseOffer({ viewsQuantity, pricePerView });

  function onInvalid(found: FieldErrors<TOfferForm>) {
    const text = fieldText(t, found.viewsQuantity?.message ?? found.pricePerView?.message);
    if (text) toast.error(text);
  }

  function onValid(values: TOfferForm) {
    const request = {
      viewsQuantity: values.viewsQuantity.trim(),
      pricePerView: values.pricePerView.trim(),
    };
    mutation.mutate(request, {
      onSuccess: (result) => {
        const figures = fmt.figures(result.offer);
        toast.success(t("messages.listed"), {
          description: t("messages.listedDetail", { views: figures.views, total: figures.total }),
        });
        form.reset({ viewsQuantity: "", pricePerView: "" });
        onListed();
      },
      onError: (error) => {
        setServerError(form.setError, t, error, {
          fields: ["viewsQuantity", "pricePerView"],
          fallback: t("messages.listFailed"),
        });
        toast.error(errorText(t, error, t("messages.listFailed")));
      },
    });
  }

  const quantityError = fieldText(t, errors.viewsQuantity?.message);
  const priceError = fieldText(t, errors.pricePerView?.message);

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Tag aria-hidden="true" className="size-5 text-primary" />
          {t("sell.title")}
        </CardTitle>
        <CardDescription>{t("sell.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          onSubmit={form.handleSubmit(onValid, onInvalid)}
          noValidate
          className="grid gap-5"
          aria-label={t("sell.title")}
        >
          <FormError message={errors.root?.server?.message} />
          <div className="grid gap-2">
            <div className="flex items-center justify-between gap-2">
              <Label htmlFor={`${ids}-quantity`}>{t("sell.quantity")}</Label>
              <span className="text-xs text-muted-foreground">
                {t("sell.available", {
                  amount: balances ? fmt.amount(balances.views, "VIEWS") : "…",
                })}
              </span>
            </div>
            <Input
              id={`${ids}-quantity`}
              inputMode="numeric"
              autoComplete="off"
              placeholder="100"
              className="tabular-nums"
              aria-invalid={quantityError ? true : undefined}
              aria-describedby={`${ids}-quantity-error ${ids}-bounds`}
              {...form.register("viewsQuantity")}
            />
            <FieldError id={`${ids}-quantity-error`}>{quantityError}</FieldError>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-price`}>{t("sell.price")}</Label>
            <Input
              id={`${ids}-price`}
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.10"
              className="tabular-nums"
              aria-invalid={priceError ? true : undefined}
              aria-describedby={`${ids}-price-error ${ids}-bounds`}
              {...form.register("pricePerView")}
            />
            <FieldError id={`${ids}-price-error`}>{priceError}</FieldError>
            <p id={`${ids}-bounds`} className="text-xs text-muted-foreground">
              {t("sell.bounds", {
                maxViews: fmt.views(MARKETPLACE.maxViews),
                maxPrice: fmt.views(MARKETPLACE.maxPriceMicroUsdt / MICRO_PER_USDT),
                decimals: MARKETPLACE.priceDecimals,
              })}
            </p>
          </div>
          <div
            className="flex items-center justify-between gap-3 rounded-lg border bg-muted/30 px-4 py-3"
            aria-live="polite"
          >
            <div className="grid gap-0.5">
              <span className="text-sm font-medium">{t("sell.total")}</span>
              <span className="text-xs text-muted-foreground">
                {t("sell.fee", { fee: MARKETPLACE.feePercent })}
              </span>
            </div>
            <span className="text-lg font-bold tabular-nums" data-testid="offer-total">
              {parsed ? fmt.amount(parsed.totalMicroUsdt, "USDT") : "—"}
            </span>
          </div>
          <Button
            type="submit"
            variant="gradient"
            size="lg"
            className="w-full"
            disabled={mutation.isPending}
          >
            {mutation.isPending ? (
              <Loader2 aria-hidden="true" className="animate-spin" />
            ) : (
              <Tag aria-hidden="true" />
            )}
            {mutation.isPending ? t("sell.listing") : t("sell.submit")}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
