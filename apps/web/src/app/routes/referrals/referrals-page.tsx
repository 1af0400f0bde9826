import { ArrowLeft, Calculator, LayoutDashboard } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { PageSpinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { ReferralCalculations } from "@/features/referrals/components/referral-calculations";
import { ReferralLinkCard } from "@/features/referrals/components/referral-link-card";
import { ReferralOverview } from "@/features/referrals/components/referral-overview";
import { useAuth } from "@/lib/auth";
import { useDocumentMeta } from "@/lib/use-document-meta";

/** /referrals "Referral System": tabs Dashboard and Calculations (?tab=calculations). */
export function ReferralsPage() {
  const { t } = useTranslation("referrals");
  const { profile } = useAuth();
  const [params, setParams] = useSearchParams();
  useDocumentMeta(t("title"));
  const tab = params.get("tab") === "calculations" ? "calculations" : "dashboard";
  if (!profile) return <PageSpinner label={t("common:a11y.loading")} />;
  return (
    <div className="mx-auto grid max-w-5xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-8 sm:px-6 sm:py-10">
      <div className="grid gap-3">
        <Button asChild variant="ghost" className="justify-self-start">
          <Link to="/dashboard">
            <ArrowLeft aria-hidden="true" />
            {t("money:back")}
          </Link>
        </Button>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("title")}</h1>
        <p className="text-muted-foreground">{t("subtitle")}</p>
      </div>
      <Tabs
        value={tab}
        onValueChange={(value) => {
          const next = new URLSearchParams(params);
          if (value === "dashboard") next.delete("tab");
          else next.set("tab", value);
          setParams(next, { replace: true });
        }}
      >
        <TabsList>
          <TabsTrigger value="dashboard">
            <LayoutDashboard aria-hidden="true" />
            {t("tabs.dashboard")}
          </TabsTrigger>
          <TabsTrigger value="calculations">
            <Calculator aria-hidden="true" />
            {t("tabs.calculations")}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="dashboard" className="grid gap-6">
          <ReferralLinkCard username={profile.username} />
          <ReferralOverview />
        </TabsContent>
        <TabsContent value="calculations">
          <ReferralCalculations />
        </TabsContent>
      </Tabs>
    </div>
  );
}
