import { Calculator, LayoutDashboard } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { MemberPage } from "@/components/layout/member-page";
import { PageSpinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { ReferralCalculations } from "@/features/referrals/components/referral-calculations";
import { ReferralLinkCard } from "@/features/referrals/components/referral-link-card";
import { ReferralListCard } from "@/features/referrals/components/referral-list-card";
import { ReferralOverview } from "@/features/referrals/components/referral-overview";
import { useAuth } from "@/lib/auth";
import { useDocumentMeta } from "@/lib/use-document-meta";

/**
 * /referrals "Referral System": tabs Dashboard (the link with share buttons, the totals and
 * latest referrals, then every referral page by page) and Calculations (?tab=calculations).
 */
export function ReferralsPage() {
  const { t } = useTranslation("referrals");
  const { profile } = useAuth();
  const [params, setParams] = useSearchParams();
  useDocumentMeta(t("title"));
  const tab = params.get("tab") === "calculations" ? "calculations" : "dashboard";
  if (!profile) return <PageSpinner label={t("common:a11y.loading")} />;
  return (
    <MemberPage title={t("title")} subtitle={t("subtitle")} backLabel={t("money:back")}>
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
          <ReferralListCard />
        </TabsContent>
        <TabsContent value="calculations">
          <ReferralCalculations />
        </TabsContent>
      </Tabs>
    </MemberPage>
  );
}
