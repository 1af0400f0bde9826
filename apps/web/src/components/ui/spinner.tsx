import { cn } from "@/lib/utils";

/** A decorative spinner; pass `label` to announce it to screen readers. */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <span role={label ? "status" : undefined} className="inline-flex items-center">
      <span
        aria-hidden="true"
        className={cn(
          "inline-block size-8 animate-spin rounded-full border-4 border-primary/25 border-t-primary",
          className,
        )}
      />
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}

/** Fills the page area with a centred spinner (route loading, auth check). */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] w-full items-center justify-center">
      <Spinner label={label} />
    </div>
  );
}
