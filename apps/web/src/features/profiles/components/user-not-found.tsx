import { Home, UserX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";

export function UserNotFound({ username }: { username: string }) {
  const { t } = useTranslation("profile");
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <UserX aria-hidden="true" className="size-8" />
      </span>
      <h1 className="mt-5 text-2xl font-bold tracking-tight">{t("notFound.title")}</h1>
      <p className="mt-3 max-w-full text-muted-foreground [overflow-wrap:anywhere]">
        {t("notFound.description", { username })}
      </p>
      <Button asChild className="mt-8">
        <Link to="/">
          <Home aria-hidden="true" />
          {t("notFound.home")}
        </Link>
      </Button>
    </div>
  );
}
