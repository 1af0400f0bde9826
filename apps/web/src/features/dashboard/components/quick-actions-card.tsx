import { type LucideIcon, Megaphone, Send, Video, Zap } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

/** The seeds' Quick Actions: Adicionar Vídeo, Solicitar Views (opens on the feed), Transferir. */
const ACTIONS: { to: string; key: string; icon: LucideIcon }[] = [
  { to: "/add-video", key: "addVideo", icon: Video },
  { to: "/feed?request=1", key: "requestViews", icon: Megaphone },
  { to: "/transfer", key: "transfer", icon: Send },
];

export function QuickActionsCard() {
  const { t } = useTranslation("dashboard");
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Zap aria-hidden="true" className="size-5 text-primary" />
          {t("quick.title")}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid grid-cols-3 gap-2 sm:gap-3">
          {ACTIONS.map(({ to, key, icon: Icon }) => (
            <li key={key}>
              <Link
                to={to}
                className="flex h-full flex-col items-center gap-2 rounded-xl border p-3 text-center text-xs font-medium transition-colors outline-none hover:border-primary/40 hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring sm:p-4 sm:text-sm"
              >
                <span className="flex size-10 items-center justify-center rounded-full bg-primary/10 text-primary">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                {t(`quick.${key}`)}
              </Link>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
