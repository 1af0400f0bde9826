import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";

export function BackToFeed() {
  const { t } = useTranslation("videos");
  return (
    <Button asChild variant="ghost" size="sm">
      <Link to="/feed">
        <ArrowLeft aria-hidden="true" />
        {t("watch.backToFeed")}
      </Link>
    </Button>
  );
}
