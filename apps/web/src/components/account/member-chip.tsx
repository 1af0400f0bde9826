import { BadgeCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";
import { OnlineDot } from "./online-dot";

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

/**
 * How a member is shown everywhere (transfer preview and history, referrals, profile pages):
 * avatar initial, @username and the verified tick — or, with `verifiedLabel`, a verified badge
 * with that text. `nameAs="h1"` makes the name the page's heading (the profile page). With
 * `presence` (a list asks `useOnline` for all its members at once) the online dot follows the
 * name, as the product wants wherever a member is shown.
 */
export function MemberChip({
  username,
  isVerified,
  className,
  avatarClassName,
  showAvatar = true,
  nameAs: Name = "span",
  nameClassName,
  verifiedLabel,
  presence,
}: {
  username: string;
  presence?: { id: string; online: boolean };
  isVerified: boolean;
  className?: string;
  avatarClassName?: string;
  showAvatar?: boolean;
  nameAs?: "span" | "h1";
  nameClassName?: string;
  verifiedLabel?: string;
}) {
  return (
    <span className={cn("flex min-w-0 items-center gap-2", className)}>
      {showAvatar ? <MemberAvatar username={username} className={avatarClassName} /> : null}
      <Name className={cn("truncate font-medium", nameClassName)}>@{username}</Name>
      {presence ? <OnlineDot profileId={presence.id} online={presence.online} /> : null}
      {isVerified ? (
        verifiedLabel ? (
          <Badge variant="brand">
            <BadgeCheck aria-hidden="true" />
            {verifiedLabel}
          </Badge>
        ) : (
          <VerifiedMark />
        )
      ) : null}
    </span>
  );
}
