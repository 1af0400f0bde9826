import type { TVideo } from "@viewvault/shared";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";

/** The video's title (long ones wrap, at most three lines, the whole title on hover) and badges. */
export function WatchHeader({ video }: { video: TVideo }) {
  const { t } = useTranslation("videos");
  return (
    <header className="grid min-w-0 gap-2">
      <h1
        className="line-clamp-3 text-2xl font-bold tracking-tight [overflow-wrap:anywhere] sm:text-3xl"
        title={video.title}
      >
        {video.title}
      </h1>
      <div className="flex flex-wrap gap-1.5">
        <Badge variant="brand">{t(`countries.${video.country}`)}</Badge>
        <Badge variant="secondary">{t(`themes.${video.theme}`)}</Badge>
        <Badge variant="outline">{t("card.by", { username: video.ownerUsername })}</Badge>
      </div>
    </header>
  );
}
