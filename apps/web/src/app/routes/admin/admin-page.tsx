import { Banknote, ClipboardList, LayoutDashboard, Radar, ShieldAlert, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { MemberPage } from "@/components/layout/member-page";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { AdminOverview } from "@/features/admin/components/admin-overview";
import { AuditLog } from "@/features/admin/components/audit-log";
import { HeldReferrals } from "@/features/admin/components/held-referrals";
import { MemberSearch } from "@/features/admin/components/member-search";
import { PayoutApprovals } from "@/features/admin/components/payout-approvals";
import { useDocumentMeta } from "@/lib/use-document-meta";

const TABS = ["overview", "members", "referrals", "payouts", "audit"] as const;
type Tab = (typeof TABS)[number];

/**
 * /admin: the admin console (admins with 2FA): overview, members, held referrals, payout
 * approvals, audit log.
 */
export function AdminPage() {
  const { t } = useTranslation("admin");
  const [params, setParams] = useSearchParams();
  useDocumentMeta(t("title"));
  const requested = params.get("tab");
  const tab: Tab = TABS.find((name) => name === requested) ?? "overview";
  return (
    <MemberPage title={t("title")} subtitle={t("subtitle")} backLabel={t("back")}>
      <Button asChild variant="outline" className="justify-self-start">
        <Link to="/admin/fraud">
          <Radar aria-hidden="true" />
          {t("fraud:link")}
        </Link>
      </Button>
      <Tabs
        value={tab}
        onValueChange={(value) => {
          const next = new URLSearchParams();
          if (value !== "overview") next.set("tab", value);
          setParams(next, { replace: true });
        }}
      >
        <TabsList className="h-auto flex-wrap">
          <TabsTrigger value="overview">
            <LayoutDashboard aria-hidden="true" />
            {t("tabs.overview")}
          </TabsTrigger>
          <TabsTrigger value="members">
            <Users aria-hidden="true" />
            {t("tabs.members")}
          </TabsTrigger>
          <TabsTrigger value="referrals">
            <ShieldAlert aria-hidden="true" />
            {t("tabs.referrals")}
          </TabsTrigger>
          <TabsTrigger value="payouts">
            <Banknote aria-hidden="true" />
            {t("tabs.payouts")}
          </TabsTrigger>
          <TabsTrigger value="audit">
            <ClipboardList aria-hidden="true" />
            {t("tabs.audit")}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <AdminOverview />
        </TabsContent>
        <TabsContent value="members">
          <MemberSearch />
        </TabsContent>
        <TabsContent value="referrals">
          <HeldReferrals />
        </TabsContent>
        <TabsContent value="payouts">
          <PayoutApprovals />
        </TabsContent>
        <TabsContent value="audit">
          <AuditLog />
        </TabsContent>
      </Tabs>
    </MemberPage>
  );
}
