import { USERNAME_RULES } from "@viewvault/shared";
import { Check, Loader2, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { UsernameStatus } from "@/lib/username-availability";
import { cn } from "@/lib/utils";

/** The live availability line under a username field (uses the `auth` namespace). */
export function UsernameStatusHint({ id, status }: { id: string; status: UsernameStatus }) {
  const { t } = useTranslation("auth");
  if (status === "idle") {
    return (
      <p id={id} className="text-xs text-muted-foreground">
        {t("username.rules", { min: USERNAME_RULES.min, max: USERNAME_RULES.max })}
      </p>
    );
  }
  const good = status === "available" || status === "yours";
  const bad = status === "taken" || status === "invalid";
  const Icon = status === "checking" ? Loader2 : good ? Check : bad ? X : null;
  return (
    <p
      id={id}
      aria-live="polite"
      className={cn(
        "flex items-center gap-1.5 text-xs",
        good && "text-success",
        bad && "text-destructive",
        !good && !bad && "text-muted-foreground",
      )}
    >
      {Icon ? (
        <Icon
          aria-hidden="true"
          className={cn("size-3.5", status === "checking" && "animate-spin")}
        />
      ) : null}
      {status === "invalid"
        ? t("username.rules", { min: USERNAME_RULES.min, max: USERNAME_RULES.max })
        : t(`username.${status}`)}
    </p>
  );
}
