import { cn } from "@/lib/utils";

/** A labelled progress bar (0–max). */
export function ProgressBar({
  value,
  max,
  label,
  className,
}: {
  value: number;
  max: number;
  label: string;
  className?: string;
}) {
  const pct = Math.max(0, Math.min(100, (value / max) * 100));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={Math.floor(value)}
      className={cn("h-2.5 w-full overflow-hidden rounded-full bg-muted", className)}
    >
      <div
        className="h-full rounded-full bg-linear-to-r from-brand-from to-brand-to transition-[width] duration-300 ease-linear"
        style={{ width: `${pct}%` }}
      />
    </div>
  );
}
