import {
  MARKETPLACE,
  MICRO_PER_USDT,
  offerForm,
  parseOffer,
  type TOfferForm,
} from "@viewvault/shared";
import { Tag } from "lucide-react";
import { useId } from "react";
import { type UseFormRegisterReturn, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { AvailableBalance, MoneyField } from "@/components/money/money-field";
import { MoneyForm, useMoneyForm } from "@/components/money/money-form";
import { Input } from "@/components/ui/input";
import { toBigBalances, useBalances } from "@/lib/balances";
import { toast } from "@/lib/toast";
import { useCreateOffer } from "../api/offers";
import { useOfferFormat } from "../use-offer-format";

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
  const { form, fieldError, formError, onInvalid, fail } = useMoneyForm({
    t,
    contract: offerForm,
    context: { balances },
    defaultValues: { viewsQuantity: "", pricePerView: "" },
    fields: ["viewsQuantity", "pricePerView"],
  });
  const mutation = useCreateOffer();
  const [viewsQuantity, pricePerView] = useWatch({
    control: form.control,
    name: ["viewsQuantity", "pricePerView"],
  });
  const parsed = parseOffer({ viewsQuantity, pricePerView });

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
      onError: (error) => fail(error, { fallback: t("messages.listFailed") }),
    });
  }

  return (
    <MoneyForm
      form={form}
      onValid={onValid}
      onInvalid={onInvalid}
      formError={formError}
      label={t("sell.title")}
      card={{
        icon: <Tag aria-hidden="true" className="size-5 text-primary" />,
        title: t("sell.title"),
        description: t("sell.description"),
      }}
      preview={<OfferTotal totalMicroUsdt={parsed?.totalMicroUsdt ?? null} />}
      submit={{
        icon: <Tag aria-hidden="true" />,
        label: t("sell.submit"),
        pendingLabel: t("sell.listing"),
        pending: mutation.isPending,
      }}
    >
      <QuantityField
        id={`${ids}-quantity`}
        boundsId={`${ids}-bounds`}
        views={balances?.views ?? null}
        error={fieldError("viewsQuantity")}
        registered={form.register("viewsQuantity")}
      />
      <PriceField
        id={`${ids}-price`}
        boundsId={`${ids}-bounds`}
        error={fieldError("pricePerView")}
        registered={form.register("pricePerView")}
      />
    </MoneyForm>
  );
}

function QuantityField({
  id,
  boundsId,
  views,
  error,
  registered,
}: {
  id: string;
  boundsId: string;
  /** The member's views (null while the balances load). */
  views: bigint | null;
  error: string | null;
  registered: UseFormRegisterReturn<"viewsQuantity">;
}) {
  const { t } = useTranslation("marketplace");
  return (
    <MoneyField
      id={id}
      label={t("sell.quantity")}
      error={error}
      aside={
        <AvailableBalance
          amount={views}
          currency="VIEWS"
          text={(amount) => t("sell.available", { amount })}
        />
      }
    >
      <Input
        id={id}
        inputMode="numeric"
        autoComplete="off"
        placeholder="100"
        className="tabular-nums"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-error ${boundsId}`}
        {...registered}
      />
    </MoneyField>
  );
}

function PriceField({
  id,
  boundsId,
  error,
  registered,
}: {
  id: string;
  /** The limits under the price; they describe the quantity too. */
  boundsId: string;
  error: string | null;
  registered: UseFormRegisterReturn<"pricePerView">;
}) {
  const { t } = useTranslation("marketplace");
  const fmt = useOfferFormat();
  return (
    <MoneyField
      id={id}
      label={t("sell.price")}
      error={error}
      after={
        <p id={boundsId} className="text-xs text-muted-foreground">
          {t("sell.bounds", {
            maxViews: fmt.views(MARKETPLACE.maxViews),
            maxPrice: fmt.views(MARKETPLACE.maxPriceMicroUsdt / MICRO_PER_USDT),
            decimals: MARKETPLACE.priceDecimals,
          })}
        </p>
      }
    >
      <Input
        id={id}
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.10"
        className="tabular-nums"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-error ${boundsId}`}
        {...registered}
      />
    </MoneyField>
  );
}

/** What the buyers pay for the whole offer, live (the fee is the seller's). */
function OfferTotal({ totalMicroUsdt }: { totalMicroUsdt: bigint | null }) {
  const { t } = useTranslation("marketplace");
  const fmt = useOfferFormat();
  return (
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
        {totalMicroUsdt === null ? "—" : fmt.amount(totalMicroUsdt, "USDT")}
      </span>
    </div>
  );
}
