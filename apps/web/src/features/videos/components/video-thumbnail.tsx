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
 * video) a gradient placeholder with the title takes its place.
 */
export function VideoThumbnail({
  src,
  title,
  seed,
  className,
}: {
  src: string;
  title: string;
  seed: string;
  className?: string;
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
          alt={t("card.thumbnailAlt", { title })}
          loading="lazy"
          decoding="async"
          referrerPolicy="no-referrer"
          className="size-full object-cover"
          onError={() => setFailed(true)}
        />
      )}
    </div>
  );
}
