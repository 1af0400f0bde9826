import { BadgeCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";

export function VerifiedBadge() {
  const { t } = useTranslation("profile");
  return (
    <Badge variant="brand">
      <BadgeCheck aria-hidden="true" />
      {t("verified")}
    </Badge>
  );
}
