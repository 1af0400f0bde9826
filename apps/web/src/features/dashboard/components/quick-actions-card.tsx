import { type LucideIcon, Megaphone, Send, Video, Zap } from "lucide-react";
import type { ReactElement, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

/**
 * The seeds' Quick Actions: Adicionar Vídeo, Solicitar Views, Transferir. Request Views opens its
 * dialog here, where it was clicked, when the page hands one in (`requestViews` wraps the tile in
 * it); otherwise it opens on the feed.
 */
const ACTIONS: { to: string; key: string; icon: LucideIcon }[] = [
  { to: "/add-video", key: "addVideo", icon: Video },
  { to: "/feed?request=1", key: "requestViews", icon: Megaphone },
  { to: "/transfer", key: "transfer", icon: Send },
];

const TILE =
  "flex h-full w-full flex-col items-center gap-2 rounded-xl border p-3 text-center text-xs font-medium transition-colors outline-none hover:border-primary/40 hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring sm:p-4 sm:text-sm";

export function QuickActionsCard({
  requestViews,
}: {
  /** Renders the Request Views dialog with this tile as its trigger. */
  requestViews?: (tile: ReactElement) => ReactNode;
}) {
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
          {ACTIONS.map(({ to, key, icon: Icon }) => {
            const content = (
              <>
                <span className="flex size-10 items-center justify-center rounded-full bg-primary/10 text-primary">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                {t(`quick.${key}`)}
              </>
            );
            return (
              <li key={key}>
                {key === "requestViews" && requestViews ? (
                  requestViews(
                    <button type="button" className={TILE}>
                      {content}
                    </button>,
                  )
                ) : (
                  <Link to={to} className={TILE}>
                    {content}
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
