import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";

/** Active / Suspended, and whether the e-mail is confirmed. */
export function MemberStatus({
  member,
}: {
  member: { suspended: boolean; emailVerified: boolean };
}) {
  const { t } = useTranslation("admin");
  return (
    <span className="inline-flex flex-wrap gap-1">
      {member.suspended ? (
        <Badge variant="default" className="bg-destructive text-destructive-foreground">
          {t("status.suspended")}
        </Badge>
      ) : (
        <Badge variant="secondary">{t("status.active")}</Badge>
      )}
      {member.emailVerified ? null : <Badge variant="outline">{t("status.unconfirmed")}</Badge>}
    </span>
  );
}
