import { ACCOUNT_DELETION } from "@viewvault/shared";
import { Download, FileArchive, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { DeleteAccountDialog } from "./delete-account-dialog";

/**
 * Settings → Perfil: "Download my data" — a plain link to GET /api/me/export (signed-in, same
 * origin), which the server answers as a ZIP of JSON and CSV files; and "Delete my account".
 */
export function YourDataCard() {
  const { t } = useTranslation("settings");
  const [deleting, setDeleting] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <FileArchive aria-hidden="true" className="size-5 text-primary" />
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
          {t("data.deletion", { days: ACCOUNT_DELETION.graceDays })}
        </p>
        <Button
          type="button"
          variant="destructive"
          className="justify-self-start"
          onClick={() => setDeleting(true)}
        >
          <Trash2 aria-hidden="true" />
          {t("data.delete")}
        </Button>
        {deleting ? <DeleteAccountDialog onClose={() => setDeleting(false)} /> : null}
      </CardContent>
    </Card>
  );
}
