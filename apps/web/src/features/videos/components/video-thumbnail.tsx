import { THUMBNAIL_SIZES, youtubeThumbnailSrcset } from "@viewvault/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/utils";

const GRADIENTS = [
  "from-violet-600 to-fuchsia-500",
  "from-sky-600 to-cyan-400",
  "from-emerald-600 to-lime-400",
  "from-orange-600 to-amber-400",
  "from-rose-600 to-pink-400",
  "from-indigo-600 to-blue-400",
];

function hash(text: string): number {
  let h = 0;
  for (const char of text) h = (h * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return h;
}

/**
 * The video's thumbnail from YouTube's image host; when it cannot load (offline, removed
 * video) a gradient placeholder with the title takes its place. The first row of a list is
 * `priority` (fetched at once, first; ADR 065); the rest load as they come near.
 */
export function VideoThumbnail({
  src,
  title,
  seed,
  className,
  priority = false,
}: {
  src: string;
  title: string;
  seed: string;
  className?: string;
  priority?: boolean;
}) {
  const { t } = useTranslation("videos");
  const [failed, setFailed] = useState(false);
  return (
    <div className={cn("relative aspect-video w-full overflow-hidden bg-muted", className)}>
      {failed ? (
        <div
          data-testid="thumbnail-placeholder"
          className={cn(
            "flex size-full items-center justify-center bg-linear-to-br p-4 text-center",
            GRADIENTS[hash(seed) % GRADIENTS.length],
          )}
        >
          <span className="line-clamp-3 text-sm font-semibold text-white drop-shadow [overflow-wrap:anywhere]">
            {title}
          </span>
        </div>
      ) : (
        <img
          src={src}
          srcSet={youtubeThumbnailSrcset(src)}
          sizes={THUMBNAIL_SIZES}
          width={480}
          height={270}
          alt={t("card.thumbnailAlt", { title })}
          loading={priority ? "eager" : "lazy"}
          fetchPriority={priority ? "high" : "auto"}
          decoding="async"
          referrerPolicy="no-referrer"
          className="size-full object-cover"
          onError={() => setFailed(true)}
        />
      )}
    </div>
  );
}
