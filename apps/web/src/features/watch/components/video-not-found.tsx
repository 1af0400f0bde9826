import { VideoOff } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";

/** "Video Not Found", with a button to the dashboard. */
export function VideoNotFound() {
  const { t } = useTranslation("videos");
  return (
    <div className="mx-auto flex max-w-md px-4 py-16">
      <Card className="w-full text-center">
        <CardHeader className="items-center">
          <VideoOff aria-hidden="true" className="size-10 text-muted-foreground" />
          <h1 className="text-xl font-semibold">{t("watch.notFoundTitle")}</h1>
          <CardDescription>{t("watch.notFoundText")}</CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild variant="gradient" className="w-full">
            <Link to="/dashboard">{t("watch.goToDashboard")}</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
