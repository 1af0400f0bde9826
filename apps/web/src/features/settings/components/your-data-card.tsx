import { SUPPORT } from "@viewvault/shared";
import { Download, FileJson } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/**
 * Settings → Perfil: "Download my data" — a plain link to GET /api/me/export (signed-in, same
 * origin), which the server answers as a JSON file; and how to ask for the account's deletion.
 */
export function YourDataCard() {
  const { t } = useTranslation("settings");
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <FileJson aria-hidden="true" className="size-5 text-primary" />
          {t("data.title")}
        </CardTitle>
        <CardDescription>{t("data.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Button asChild variant="outline" className="justify-self-start">
          <a href="/api/me/export" download>
            <Download aria-hidden="true" />
            {t("data.download")}
          </a>
        </Button>
        <p className="text-sm text-muted-foreground">
          {t("data.deletion", { email: SUPPORT.privacyEmail })}
        </p>
      </CardContent>
    </Card>
  );
}
