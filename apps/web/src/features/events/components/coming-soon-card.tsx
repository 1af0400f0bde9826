import { Sparkles } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card, CardContent } from "@/components/ui/card";

/** The seed's "More Events Coming Soon" card. */
export function ComingSoonCard() {
  const { t } = useTranslation("events");
  return (
    <Card className="border-dashed">
      <CardContent className="grid justify-items-center gap-2 p-8 text-center">
        <Sparkles aria-hidden="true" className="size-6 text-primary" />
        <h2 className="font-semibold">{t("comingSoon.title")}</h2>
        <p className="text-sm text-muted-foreground">{t("comingSoon.description")}</p>
      </CardContent>
    </Card>
  );
}
