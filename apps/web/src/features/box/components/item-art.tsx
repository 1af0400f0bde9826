import type { BoxRarity } from "@viewvault/shared";
import {
  Armchair,
  Camera,
  CirclePlay,
  Clapperboard,
  Film,
  Gift,
  Headphones,
  Heart,
  KeyRound,
  type LucideIcon,
  Popcorn,
  Projector,
  ThumbsUp,
  Trophy,
  Tv,
} from "lucide-react";
import { cn } from "@/lib/utils";

/** The illustration of every item (decorative: the item's name is always shown beside it). */
const ART: Record<string, LucideIcon> = {
  "popcorn-bucket": Popcorn,
  "retro-remote": Tv,
  "pixel-heart": Heart,
  "film-reel": Film,
  "like-sticker": ThumbsUp,
  headphones: Headphones,
  clapperboard: Clapperboard,
  "neon-play-button": CirclePlay,
  "director-chair": Armchair,
  "crystal-camera": Camera,
  "vintage-projector": Projector,
  "golden-play-button": Trophy,
  "diamond-vault-key": KeyRound,
};

const FRAME: Record<BoxRarity, string> = {
  common:
    "from-slate-100 to-slate-300 text-slate-700 ring-slate-400/40 dark:from-slate-600 dark:to-slate-800 dark:text-slate-100 dark:ring-slate-400/30",
  rare: "from-sky-200 to-indigo-400 text-indigo-900 ring-indigo-400/50 dark:from-sky-700 dark:to-indigo-900 dark:text-sky-100 dark:ring-indigo-400/40",
  legendary:
    "from-amber-200 via-yellow-300 to-orange-400 text-amber-900 ring-amber-400/70 shadow-lg shadow-amber-400/30 dark:from-amber-500 dark:to-orange-700 dark:text-amber-50 dark:ring-amber-300/60",
};

/** An item's illustration: its icon on its rarity's gradient. */
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
  const Icon = ART[itemId] ?? Gift;
  return (
    <span
      aria-hidden="true"
      className={cn(
        "flex shrink-0 items-center justify-center rounded-2xl bg-linear-to-br ring-2",
        FRAME[rarity],
        size === "sm" && "size-10 [&_svg]:size-5",
        size === "md" && "size-14 [&_svg]:size-7",
        size === "lg" && "size-28 [&_svg]:size-14",
        className,
      )}
    >
      <Icon strokeWidth={1.75} />
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
