import { AlertTriangle, Home, RotateCw } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useRouteError } from "react-router";
import { Button } from "@/components/ui/button";
import { PageAdopted } from "@/lib/page-adopted";

/** Route error element: a friendly message, a reload button and a way home. */
export function RootErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation("common", { useSuspense: false });
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <div
      role="alert"
      className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <AlertTriangle aria-hidden="true" className="size-7" />
      </span>
      <h1 className="mt-5 text-2xl font-bold tracking-tight">{t("errorBoundary.title")}</h1>
      <p className="mt-3 text-muted-foreground">{t("errorBoundary.description")}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>
          <RotateCw aria-hidden="true" />
          {t("errorBoundary.reload")}
        </Button>
        <Button asChild variant="outline">
          <a href="/">
            <Home aria-hidden="true" />
            {t("errorBoundary.home")}
          </a>
        </Button>
      </div>
      <PageAdopted />
    </div>
  );
}
