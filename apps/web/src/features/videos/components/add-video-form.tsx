import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import {
  addVideoForm,
  COUNTRIES,
  type Problem,
  parseYoutubeId,
  type TAddVideoForm,
  THEMES,
  VIDEO,
} from "@viewvault/shared";
import { Loader2, Plus } from "lucide-react";
import { useId } from "react";
import { type FieldErrors, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input, NativeSelect } from "@/components/ui/input";
import { FieldError, Label } from "@/components/ui/label";
import { fieldText, setServerError } from "@/lib/form";
import { errorText, problemText } from "@/lib/problem-text";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { useMoneyFormat } from "@/lib/use-money-format";
import { useCreateVideo } from "../api/create-video";
import { previewQueryOptions, useVideoPreview } from "../api/preview-video";
import { VideoThumbnail } from "./video-thumbnail";

type AddVideoContext = { balance: bigint | null };

/**
 * URL, country and theme; the title the server found, the cost and the balance. On submit the
 * form contract runs the seeds' six checks in the seeds' order (`addVideoProblem`, the server's
 * function) and shows the first failure on its field; the button is enabled except while the
 * idempotent mutation runs (one key per URL, country and theme).
 */
export function AddVideoForm({ balance }: { balance: bigint | null }) {
  const { t } = useTranslation("videos");
  const fmt = useMoneyFormat();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ids = { url: useId(), country: useId(), theme: useId(), error: useId() };

  /** The title of a typed URL, from the preview cache or a lookup (null when there is none). */
  async function titleOf(url: string): Promise<string | null> {
    const id = parseYoutubeId(url);
    if (!id) return null;
    try {
      return (await queryClient.fetchQuery(previewQueryOptions(id))).title;
    } catch {
      return null;
    }
  }

  const form = useForm<TAddVideoForm, AddVideoContext>({
    defaultValues: { url: "", country: "", theme: "" },
    context: { balance },
    resolver: async (values, context, options) => {
      const title = await titleOf(values.url);
      return zodResolver(addVideoForm({ title, balance: context?.balance ?? null }))(
        values,
        context,
        options,
      );
    },
  });
  const { errors } = form.formState;
  const url = useWatch({ control: form.control, name: "url" });
  const youtubeId = parseYoutubeId(useDebouncedValue(url, 400));
  const preview = useVideoPreview(youtubeId);
  const create = useCreateVideo();
  const title = youtubeId && preview.data?.youtubeId === youtubeId ? preview.data.title : null;
  const lookupFailed = youtubeId !== null && preview.isError;
  const urlError = fieldText(t, errors.url?.message);
  const countryError = fieldText(t, errors.country?.message);
  const themeError = fieldText(t, errors.theme?.message);
  const formError = errors.root?.server?.message;

  /** The seeds toast each failed check; its field shows it too. */
  function onInvalid(found: FieldErrors<TAddVideoForm>) {
    const text = fieldText(t, found.url?.message ?? found.country?.message ?? found.theme?.message);
    if (text) toast.error(text);
  }

  function onValid(values: TAddVideoForm) {
    create.mutate(values, {
      onSuccess: () => {
        toast.success(t("add.success"));
        navigate("/feed");
      },
      onError: (error) => {
        setServerError(form.setError, t, error, {
          fields: ["url", "country", "theme"],
          fallback: t("add.failedInline"),
        });
        toast.error(errorText(t, error, t("add.failedToast")));
      },
    });
  }

  const cost = VIDEO.postCostViews;
  return (
    <form
      onSubmit={form.handleSubmit(onValid, onInvalid)}
      noValidate
      className="grid gap-5"
      aria-describedby={formError ? ids.error : undefined}
    >
      {formError ? (
        <Alert variant="destructive" id={ids.error}>
          <AlertDescription className="text-foreground">{formError}</AlertDescription>
        </Alert>
      ) : null}
      <div className="grid gap-1.5">
        <Label htmlFor={ids.url}>{t("add.url")}</Label>
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
        <FieldError id={`${ids.url}-error`}>{urlError}</FieldError>
      </div>
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
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor={ids.country}>{t("add.country")}</Label>
          <NativeSelect
            id={ids.country}
            aria-invalid={countryError ? true : undefined}
            aria-describedby={`${ids.country}-error`}
            {...form.register("country")}
          >
            <option value="">{t("add.countryPlaceholder")}</option>
            {COUNTRIES.map((c) => (
              <option key={c} value={c}>
                {t(`countries.${c}`)}
              </option>
            ))}
          </NativeSelect>
          <FieldError id={`${ids.country}-error`}>{countryError}</FieldError>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={ids.theme}>{t("add.theme")}</Label>
          <NativeSelect
            id={ids.theme}
            aria-invalid={themeError ? true : undefined}
            aria-describedby={`${ids.theme}-error`}
            {...form.register("theme")}
          >
            <option value="">{t("add.themePlaceholder")}</option>
            {THEMES.map((th) => (
              <option key={th} value={th}>
                {t(`themes.${th}`)}
              </option>
            ))}
          </NativeSelect>
          <FieldError id={`${ids.theme}-error`}>{themeError}</FieldError>
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-3 rounded-lg border p-3 text-sm">
        <div>
          <dt className="text-muted-foreground">{t("add.cost")}</dt>
          <dd className="font-semibold">{t("add.costValue", { count: Number(cost) })}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t("add.balance")}</dt>
          <dd className="font-semibold tabular-nums" data-testid="add-video-balance">
            {balance === null ? "…" : fmt.views(balance)}
          </dd>
        </div>
      </dl>
      <Button type="submit" variant="gradient" size="lg" disabled={create.isPending}>
        {create.isPending ? (
          <Loader2 aria-hidden="true" className="animate-spin" />
        ) : (
          <Plus aria-hidden="true" />
        )}
        {create.isPending ? t("add.submitting") : t("add.submit")}
      </Button>
    </form>
  );
}
