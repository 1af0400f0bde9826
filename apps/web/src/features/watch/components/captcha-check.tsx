import type { TWatchSession } from "@viewvault/shared";
import { ShieldCheck } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert, AlertDescription } from "@/components/ui/alert";

type Captcha = NonNullable<TWatchSession["captcha"]>;

/** hCaptcha's and Turnstile's explicit-render API: the same shape for what we use. */
interface WidgetApi {
  render(
    container: HTMLElement,
    options: Record<string, string | ((token?: string) => void)>,
  ): string | number;
  remove?(id: string | number): void;
}

const loaded = new Map<string, Promise<void>>();

/** Loads the provider's script once per page (its URL asks for explicit rendering). */
function loadScript(url: string): Promise<void> {
  let promise = loaded.get(url);
  if (!promise) {
    promise = new Promise<void>((resolve, reject) => {
      const script = document.createElement("script");
      script.src = url;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => reject(new Error("captcha script"));
      document.head.append(script);
    });
    promise.catch(() => loaded.delete(url));
    loaded.set(url, promise);
  }
  return promise;
}

async function widgetApi(provider: Captcha["provider"]): Promise<WidgetApi> {
  // The script defines its global as it runs; give it a moment if it defers the definition.
  for (let i = 0; i < 100; i++) {
    const api = (window as unknown as Record<string, WidgetApi | undefined>)[provider];
    if (api?.render) return api;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("captcha api");
}

/**
 * The extra human check a high-risk member passes to finish a watch, where the deployment
 * configured hCaptcha or Turnstile (ADR 046): the provider's widget, in the member's language.
 * Its token goes with the completion; an expired token is withdrawn until solved again.
 */
export function CaptchaCheck({
  captcha,
  onToken,
}: {
  captcha: Captcha;
  onToken: (token: string | null) => void;
}) {
  const { t, i18n } = useTranslation("videos");
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const [passed, setPassed] = useState(false);
  const report = useRef(onToken);
  report.current = onToken;

  useEffect(() => {
    let cancelled = false;
    let rendered: { api: WidgetApi; id: string | number } | undefined;
    const language = i18n.language;
    loadScript(captcha.scriptUrl)
      .then(() => widgetApi(captcha.provider))
      .then((api) => {
        if (cancelled || !container.current) return;
        const id = api.render(container.current, {
          sitekey: captcha.siteKey,
          [captcha.provider === "hcaptcha" ? "hl" : "language"]: language,
          callback: (token?: string) => {
            setPassed(true);
            report.current(token ?? null);
          },
          "expired-callback": () => {
            setPassed(false);
            report.current(null);
          },
        });
        rendered = { api, id };
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      if (rendered) rendered.api.remove?.(rendered.id);
    };
  }, [captcha.provider, captcha.scriptUrl, captcha.siteKey, i18n.language]);

  return (
    <section
      className="grid gap-3 rounded-lg border p-4"
      aria-labelledby="captcha-check-title"
      data-testid="captcha-check"
    >
      <h2 id="captcha-check-title" className="flex items-center gap-2 text-sm font-semibold">
        <ShieldCheck aria-hidden="true" className="size-4" />
        {passed ? t("watch.captchaPassed") : t("watch.captchaTitle")}
      </h2>
      {passed ? null : <p className="text-muted-foreground text-sm">{t("watch.captchaHelp")}</p>}
      <div ref={container} />
      {failed ? (
        <Alert variant="destructive">
          <AlertDescription>{t("watch.captchaUnavailable")}</AlertDescription>
        </Alert>
      ) : null}
    </section>
  );
}
