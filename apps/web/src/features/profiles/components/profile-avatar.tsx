import { cn } from "@/lib/utils";

/** The member's initial on the brand gradient. */
export function ProfileAvatar({ username, className }: { username: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "flex size-20 shrink-0 items-center justify-center rounded-full bg-linear-to-br from-brand-from to-brand-to text-3xl font-bold text-white uppercase shadow-lg dark:text-slate-950",
        className,
      )}
    >
      {username.slice(0, 1)}
    </span>
  );
}
