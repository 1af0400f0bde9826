import { BadgeCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/utils";

/** The member's initial on the brand gradient (decorative: the name is always next to it). */
export function MemberAvatar({ username, className }: { username: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "flex size-9 shrink-0 items-center justify-center rounded-full bg-linear-to-br from-brand-from to-brand-to text-sm font-bold text-white uppercase dark:text-slate-950",
        className,
      )}
    >
      {username.slice(0, 1)}
    </span>
  );
}

/** A small "verified" tick with an accessible name. */
export function VerifiedMark({ className }: { className?: string }) {
  const { t } = useTranslation("money");
  return (
    <BadgeCheck
      role="img"
      aria-label={t("member.verified")}
      className={cn("size-4 shrink-0 text-primary", className)}
    />
  );
}

/** Avatar initial, @username and the verified tick. */
export function MemberChip({
  username,
  isVerified,
  className,
  avatarClassName,
}: {
  username: string;
  isVerified: boolean;
  className?: string;
  avatarClassName?: string;
}) {
  return (
    <span className={cn("flex min-w-0 items-center gap-2", className)}>
      <MemberAvatar username={username} className={avatarClassName} />
      <span className="truncate font-medium">@{username}</span>
      {isVerified ? <VerifiedMark /> : null}
    </span>
  );
}
