import type { BoxRarity } from "@viewvault/shared";
import { cn } from "@/lib/utils";

/** Emoji art of every item (decorative: the item's name is always shown beside it). */
const ART: Record<string, string> = {
  "popcorn-bucket": "🍿",
  "retro-remote": "📺",
  "pixel-heart": "💖",
  "film-reel": "🎞️",
  "like-sticker": "👍",
  headphones: "🎧",
  clapperboard: "🎬",
  "neon-play-button": "▶️",
  "director-chair": "🪑",
  "crystal-camera": "📸",
  "vintage-projector": "📽️",
  "golden-play-button": "🏆",
  "diamond-vault-key": "🗝️",
};

const FRAME: Record<BoxRarity, string> = {
  common:
    "from-slate-200 to-slate-300 ring-slate-400/40 dark:from-slate-700 dark:to-slate-800 dark:ring-slate-400/30",
  rare: "from-sky-200 to-indigo-300 ring-indigo-400/50 dark:from-sky-800 dark:to-indigo-900 dark:ring-indigo-400/40",
  legendary:
    "from-amber-200 to-orange-400 ring-amber-400/70 dark:from-amber-600 dark:to-orange-800 dark:ring-amber-300/60",
};

/** An item's illustration: its emoji on its rarity's gradient. */
export function ItemArt({
  itemId,
  rarity,
  size = "md",
  className,
}: {
  itemId: string;
  rarity: BoxRarity;
  size?: "sm" | "md" | "lg";
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "flex shrink-0 items-center justify-center rounded-2xl bg-linear-to-br ring-2 select-none",
        FRAME[rarity],
        size === "sm" && "size-10 text-xl",
        size === "md" && "size-14 text-3xl",
        size === "lg" && "size-28 text-6xl",
        className,
      )}
    >
      {ART[itemId] ?? "🎁"}
    </span>
  );
}

const RARITY_TEXT: Record<BoxRarity, string> = {
  common: "border-slate-400/40 bg-slate-500/10 text-slate-700 dark:text-slate-200",
  rare: "border-indigo-400/40 bg-indigo-500/10 text-indigo-700 dark:text-indigo-200",
  legendary: "border-amber-400/50 bg-amber-500/15 text-amber-800 dark:text-amber-200",
};

/** The rarity as a small pill. */
export function RarityPill({ rarity, label }: { rarity: BoxRarity; label: string }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold",
        RARITY_TEXT[rarity],
      )}
    >
      {label}
    </span>
  );
}
