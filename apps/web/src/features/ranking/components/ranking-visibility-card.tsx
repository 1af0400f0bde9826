import { RANKING } from "@viewvault/shared";
import { Trophy } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/lib/toast";
import { useRankingVisibility, useSetRankingVisibility } from "../api/ranking";

/** Settings → Perfil: "Hide me from the ranking", saved as soon as it is switched. */
export function RankingVisibilityCard() {
  const { t } = useTranslation("ranking");
  const query = useRankingVisibility();
  const mutation = useSetRankingVisibility();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Trophy aria-hidden="true" className="size-5 text-primary" />
          {t("settings.title")}
        </CardTitle>
        <CardDescription>{t("settings.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex items-center justify-between gap-4">
          <div>
            <label htmlFor="ranking-hidden" className="cursor-pointer font-medium">
              {t("settings.hide")}
            </label>
            <p id="ranking-hidden-hint" className="text-sm text-muted-foreground">
              {t("settings.hint", { minutes: RANKING.refreshMinutes })}
            </p>
          </div>
          <Switch
            id="ranking-hidden"
            aria-describedby="ranking-hidden-hint"
            checked={query.data?.hidden ?? false}
            disabled={!query.data || mutation.isPending}
            onCheckedChange={(hidden) =>
              mutation.mutate(
                { hidden },
                {
                  onSuccess: () => toast.success(t("settings.saved")),
                  onError: () => toast.error(t("settings.failed")),
                },
              )
            }
          />
        </div>
      </CardContent>
    </Card>
  );
}
