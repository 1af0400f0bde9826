import {
  ADD_VIDEO_MESSAGES,
  type AddVideoProblem,
  addVideoProblem,
  COUNTRIES,
  parseYoutubeId,
  THEMES,
  VIDEO,
} from "@viewvault/shared";
import { Loader2, Plus } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input, NativeSelect } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ApiError } from "@/lib/api-client";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { useMoneyFormat } from "@/lib/use-money-format";
import { useCreateVideo } from "../api/create-video";
import { useVideoPreview } from "../api/preview-video";
import { VideoThumbnail } from "./video-thumbnail";

const MESSAGE_TO_PROBLEM = new Map(
  Object.entries(ADD_VIDEO_MESSAGES).map(([k, v]) => [v, k as AddVideoProblem]),
);

/**
 * URL, country and theme; the title the server found, the cost and the balance. On submit the
 * seeds' six checks run in the seeds' order (the same function the server's rules follow).
 */
export function AddVideoForm({ balance }: { balance: bigint | null }) {
  const { t } = useTranslation("videos");
  const fmt = useMoneyFormat();
  const navigate = useNavigate();
  const ids = { url: useId(), country: useId(), theme: useId(), error: useId() };
  const [url, setUrl] = useState("");
  const [country, setCountry] = useState("");
  const [theme, setTheme] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const youtubeId = parseYoutubeId(useDebouncedValue(url, 400));
  const preview = useVideoPreview(youtubeId);
  const create = useCreateVideo();
  const title = youtubeId && preview.data?.youtubeId === youtubeId ? preview.data.title : null;
  const lookupFailed = youtubeId !== null && preview.isError;

  function fail(message: string) {
    setProblem(message);
    toast.error(message);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = addVideoProblem({ url, country, theme }, { title, balance });
    if (found) {
      fail(t(`add.checks.${found}`));
      return;
    }
    setProblem(null);
    create.mutate(
      { url, country, theme },
      {
        onSuccess: () => {
          toast.success(t("add.success"));
          navigate("/feed");
        },
        onError: (error) => {
          const check =
            error instanceof ApiError ? MESSAGE_TO_PROBLEM.get(error.message) : undefined;
          if (check) fail(t(`add.checks.${check}`));
          else if (error instanceof ApiError && error.code === "VIDEO_ALREADY_LISTED")
            fail(t("errors:VIDEO_ALREADY_LISTED"));
          else {
            setProblem(t("add.failedInline"));
            toast.error(t("add.failedToast"));
          }
        },
      },
    );
  }

  const cost = VIDEO.postCostViews;
  const disabled = !title || balance === null || balance < 1n || create.isPending;
  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-5"
      aria-describedby={problem ? ids.error : undefined}
    >
      {problem ? (
        <Alert variant="destructive" id={ids.error}>
          <AlertDescription className="text-foreground">{problem}</AlertDescription>
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
          value={url}
          onChange={(e) => setUrl(e.target.value)}
        />
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
            <span className="font-medium" data-testid="extracted-title">
              {title}
            </span>
          </div>
        ) : lookupFailed ? (
          <span className="text-sm text-destructive">{t("add.checks.titleMissing")}</span>
        ) : (
          <span className="text-sm text-muted-foreground">—</span>
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor={ids.country}>{t("add.country")}</Label>
          <NativeSelect
            id={ids.country}
            value={country}
            onChange={(e) => setCountry(e.target.value)}
          >
            <option value="">{t("add.countryPlaceholder")}</option>
            {COUNTRIES.map((c) => (
              <option key={c} value={c}>
                {t(`countries.${c}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={ids.theme}>{t("add.theme")}</Label>
          <NativeSelect id={ids.theme} value={theme} onChange={(e) => setTheme(e.target.value)}>
            <option value="">{t("add.themePlaceholder")}</option>
            {THEMES.map((th) => (
              <option key={th} value={th}>
                {t(`themes.${th}`)}
              </option>
            ))}
          </NativeSelect>
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
      <Button type="submit" variant="gradient" size="lg" disabled={disabled}>
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
