import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import {
  addVideoForm,
  COUNTRIES,
  type Problem,
  parseYoutubeId,
  type TAddVideoForm,
  THEMES,
  VIDEO,
} from "@viewvault/shared";
import type { TFunction } from "i18next";
import { Loader2, Plus } from "lucide-react";
import { useId } from "react";
import { useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { MoneyField, SelectField } from "@/components/money/money-field";
import { MoneyForm, useMoneyForm } from "@/components/money/money-form";
import { Input } from "@/components/ui/input";
import { problemText } from "@/lib/problem-text";
import { toast } from "@/lib/toast";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { useMoneyFormat } from "@/lib/use-money-format";
import { useCreateVideo } from "../api/create-video";
import { previewQueryOptions, useVideoPreview } from "../api/preview-video";
import { VideoThumbnail } from "./video-thumbnail";

/** The title of a typed URL, from the preview cache or a lookup (null when there is none). */
async function titleOf(queryClient: QueryClient, url: string): Promise<string | null> {
  const id = parseYoutubeId(url);
  if (!id) return null;
  try {
    return (await queryClient.fetchQuery(previewQueryOptions(id))).title;
  } catch {
    return null;
  }
}

/**
 * URL, country and theme; the title the server found, the cost and the balance. The button is
 * disabled, with the reason beside it, while posting would be refused for what the page already
 * knows (the seed: no title, or a balance under the cost) or while the idempotent mutation runs
 * (one key per URL, country and theme); on submit the form contract runs the seeds' six checks in
 * the seeds' order (`addVideoProblem`, the server's function) and shows the first failure on its
 * field.
 */
export function AddVideoForm({ balance }: { balance: bigint | null }) {
  const { t } = useTranslation("videos");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ids = { url: useId(), country: useId(), theme: useId(), error: useId(), why: useId() };
  const { form, fieldError, formError, onInvalid, fail } = useMoneyForm({
    t,
    contract: async (context: { balance: bigint | null }, values: TAddVideoForm) =>
      addVideoForm({ title: await titleOf(queryClient, values.url), balance: context.balance }),
    context: { balance },
    defaultValues: { url: "", country: "", theme: "" },
    fields: ["url", "country", "theme"],
  });
  const url = useWatch({ control: form.control, name: "url" });
  const create = useCreateVideo();
  const why = refusalOf(t, balance, useFoundTitle(url));
  const urlError = fieldError("url");
  const countryError = fieldError("country");
  const themeError = fieldError("theme");

  function onValid(values: TAddVideoForm) {
    create.mutate(values, {
      onSuccess: () => {
        toast.success(t("add.success"));
        navigate("/feed");
      },
      onError: (error) =>
        fail(error, { fallback: t("add.failedInline"), toastFallback: t("add.failedToast") }),
    });
  }

  return (
    <MoneyForm
      form={form}
      onValid={onValid}
      onInvalid={onInvalid}
      formError={formError}
      errorId={ids.error}
      preview={<CostPreview balance={balance} />}
      submit={{
        icon: <Plus aria-hidden="true" />,
        label: t("add.submit"),
        pendingLabel: t("add.submitting"),
        pending: create.isPending,
        disabled: create.isPending || why !== null,
        why: why ? { id: ids.why, text: why } : null,
        className: "",
      }}
    >
      <MoneyField id={ids.url} label={t("add.url")} error={urlError} className="grid gap-1.5">
        <Input
          id={ids.url}
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder={t("add.urlPlaceholder")}
          aria-invalid={urlError ? true : undefined}
          aria-describedby={`${ids.url}-error`}
          {...form.register("url")}
        />
      </MoneyField>
      <TitlePreview url={url} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          className="grid gap-1.5"
          id={ids.country}
          label={t("add.country")}
          placeholder={t("add.countryPlaceholder")}
          options={COUNTRIES.map((c) => ({ value: c, label: t(`countries.${c}`) }))}
          error={countryError}
          registered={form.register("country")}
        />
        <SelectField
          className="grid gap-1.5"
          id={ids.theme}
          label={t("add.theme")}
          placeholder={t("add.themePlaceholder")}
          options={THEMES.map((th) => ({ value: th, label: t(`themes.${th}`) }))}
          error={themeError}
          registered={form.register("theme")}
        />
      </div>
    </MoneyForm>
  );
}

/** The typed URL's video and the title found for it (looked up once the typing pauses). */
function useFoundTitle(url: string) {
  const youtubeId = parseYoutubeId(useDebouncedValue(url, 400));
  const preview = useVideoPreview(youtubeId);
  const title = youtubeId && preview.data?.youtubeId === youtubeId ? preview.data.title : null;
  return { youtubeId, preview, title };
}

/**
 * Why posting would be refused now (null when it would not): a balance under the cost (the
 * catalogue's words), then no title found for the typed URL. The title lookup's own failure is
 * said once, in the title's box.
 */
function refusalOf(
  t: TFunction,
  balance: bigint | null,
  found: { title: string | null },
): string | null {
  if (balance !== null && balance < VIDEO.postCostViews) {
    return problemText(t, {
      code: "INSUFFICIENT_BALANCE",
      params: { context: "video", cost: VIDEO.postCostViews.toString() },
    });
  }
  return found.title ? null : t("add.needsTitle");
}

/** The title the server found for the typed URL (looked up once the typing pauses). */
function TitlePreview({ url }: { url: string }) {
  const { t } = useTranslation("videos");
  const { youtubeId, preview, title } = useFoundTitle(url);
  const lookupFailed = youtubeId !== null && preview.isError;
  return (
    <div className="grid gap-2 rounded-lg border bg-muted/40 p-3" aria-live="polite">
      <span className="text-xs font-medium text-muted-foreground">{t("add.titleLabel")}</span>
      {youtubeId && preview.isFetching && !title ? (
        <span className="inline-flex items-center gap-2 text-sm">
          <Loader2 aria-hidden="true" className="size-4 animate-spin" />
          {t("add.lookingUp")}
        </span>
      ) : title && preview.data ? (
        <div className="flex items-center gap-3">
          <VideoThumbnail
            src={preview.data.thumbnailUrl}
            title={title}
            seed={preview.data.youtubeId}
            className="w-28 shrink-0 rounded-md"
          />
          <span
            className="line-clamp-3 min-w-0 font-medium [overflow-wrap:anywhere]"
            title={title}
            data-testid="extracted-title"
          >
            {title}
          </span>
        </div>
      ) : lookupFailed ? (
        <span className="text-sm text-destructive">
          {problemText(t, { code: "VIDEO_TITLE_UNAVAILABLE" } satisfies Problem)}
        </span>
      ) : (
        <span className="text-sm text-muted-foreground">—</span>
      )}
    </div>
  );
}

/** What posting costs and what the member has. */
function CostPreview({ balance }: { balance: bigint | null }) {
  const { t } = useTranslation("videos");
  const fmt = useMoneyFormat();
  return (
    <dl className="grid grid-cols-2 gap-3 rounded-lg border p-3 text-sm">
      <div>
        <dt className="text-muted-foreground">{t("add.cost")}</dt>
        <dd className="font-semibold">
          {t("add.costValue", { count: Number(VIDEO.postCostViews) })}
        </dd>
      </div>
      <div>
        <dt className="text-muted-foreground">{t("add.balance")}</dt>
        <dd className="font-semibold tabular-nums" data-testid="add-video-balance">
          {balance === null ? "…" : fmt.views(balance)}
        </dd>
      </div>
    </dl>
  );
}
