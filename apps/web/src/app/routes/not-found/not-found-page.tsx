import { Home } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { useDocumentMeta } from "@/lib/use-document-meta";

export function NotFoundPage() {
  const { t } = useTranslation("common");
  useDocumentMeta(t("notFound.title"), t("notFound.description"));
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center">
      <p className="bg-linear-to-br from-brand-from to-brand-to bg-clip-text text-7xl font-extrabold text-transparent sm:text-8xl">
        {t("notFound.code")}
      </p>
      <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">{t("notFound.title")}</h1>
      <p className="mt-3 text-muted-foreground">{t("notFound.description")}</p>
      <Button asChild className="mt-8">
        <Link to="/">
          <Home aria-hidden="true" />
          {t("notFound.home")}
        </Link>
      </Button>
    </div>
  );
}
