import { useQuery } from "@tanstack/react-query";
import { VIDEO } from "@viewvault/shared";
import { ArrowLeft, Lock } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PageSpinner } from "@/components/ui/spinner";
import { AddVideoForm } from "@/features/videos/components/add-video-form";
import { useAuth } from "@/lib/auth";
import { balancesQueryOptions } from "@/lib/balances";
import { useDocumentMeta } from "@/lib/use-document-meta";

/** /add-video: the form and the how-it-works list; visitors see Authentication Required. */
export function AddVideoPage() {
  const { t } = useTranslation("videos");
  const { user, loading } = useAuth();
  useDocumentMeta(t("meta.addVideo"));
  const balances = useQuery({ ...balancesQueryOptions(), enabled: !!user });

  if (loading) return <PageSpinner label={t("common:a11y.loading")} />;
  if (!user) {
    return (
      <div className="mx-auto flex max-w-md px-4 py-16">
        <Card className="w-full text-center">
          <CardHeader className="items-center">
            <Lock aria-hidden="true" className="size-10 text-primary" />
            <h1 className="text-lg leading-tight font-semibold tracking-tight">
              {t("add.authTitle")}
            </h1>
            <CardDescription>{t("add.authText")}</CardDescription>
          </CardHeader>
          <CardContent>
            <Button asChild variant="gradient" className="w-full">
              <Link to="/auth">{t("add.goToLogin")}</Link>
            </Button>
          </CardContent>
        </Card>
      </div>
    );
  }

  const balance = balances.data ? BigInt(balances.data.views) : null;
  const figures = {
    cost: VIDEO.postCostViews.toString(),
    ad: VIDEO.adSeconds,
    content: VIDEO.contentSeconds,
    reward: VIDEO.creatorRewardViews.toString(),
  };
  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-8 sm:px-6 sm:py-10">
      <div>
        <Button asChild variant="ghost" size="sm">
          <Link to="/feed">
            <ArrowLeft aria-hidden="true" />
            {t("watch.backToFeed")}
          </Link>
        </Button>
      </div>
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("add.title")}</h1>
        <p className="text-muted-foreground">{t("add.subtitle")}</p>
      </header>
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <Card>
          <CardContent className="pt-6">
            <AddVideoForm balance={balance} />
          </CardContent>
        </Card>
        <Card className="h-fit">
          <CardHeader>
            <CardTitle>{t("add.howTitle")}</CardTitle>
          </CardHeader>
          <CardContent>
            <ol className="grid list-decimal gap-2 pl-5 text-sm text-muted-foreground">
              {(["how1", "how2", "how3", "how4", "how5"] as const).map((key) => (
                <li key={key}>{t(`add.${key}`, figures)}</li>
              ))}
            </ol>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
