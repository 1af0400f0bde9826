import { Bell, Shield, ShieldAlert, User, Wallet } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { MemberPage } from "@/components/layout/member-page";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { PageSpinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { signedInWithTwoFactors } from "@/features/auth/components/require-staff";
import { RankingVisibilityCard } from "@/features/ranking/components/ranking-visibility-card";
import { NotificationsTab } from "@/features/settings/components/notifications-tab";
import { ProfileTab } from "@/features/settings/components/profile-tab";
import { SecurityTab } from "@/features/settings/components/security-tab";
import { WalletTab } from "@/features/settings/components/wallet-tab";
import { YourDataCard } from "@/features/settings/components/your-data-card";
import { useAuth } from "@/lib/auth";
import { useDocumentMeta } from "@/lib/use-document-meta";

const TABS = [
  { id: "profile", icon: User },
  { id: "wallet", icon: Wallet },
  { id: "security", icon: Shield },
  { id: "notifications", icon: Bell },
] as const;
type TabId = (typeof TABS)[number]["id"];

function isTab(value: string | null): value is TabId {
  return TABS.some((tab) => tab.id === value);
}

/** /settings ("Configurações"): Perfil, Carteira, Segurança, Notificações; ?tab= selects one. */
export function SettingsPage() {
  const { t } = useTranslation("settings");
  const { me, session } = useAuth();
  const [params, setParams] = useSearchParams();
  useDocumentMeta(t("title"));
  const requested = params.get("tab");
  const tab: TabId = isTab(requested) ? requested : "profile";

  if (!me) return <PageSpinner label={t("common:a11y.loading")} />;
  return (
    <MemberPage title={t("title")} subtitle={t("subtitle")} backLabel={t("back")} width="narrow">
      {params.get("notice") === "staff-2fa" && !signedInWithTwoFactors(me) ? (
        <Alert variant="warning">
          <ShieldAlert aria-hidden="true" />
          <AlertTitle>{t("staffNotice.title")}</AlertTitle>
          <AlertDescription className="text-foreground">{t("staffNotice.text")}</AlertDescription>
        </Alert>
      ) : null}

      <Tabs
        value={tab}
        onValueChange={(value) => {
          const next = new URLSearchParams(params);
          next.set("tab", value);
          next.delete("notice");
          setParams(next, { replace: true });
        }}
      >
        {/* Two rows of two on phones, so all four tabs stay in sight (the seeds hid two). */}
        <TabsList className="grid h-auto w-full grid-cols-2 sm:inline-flex sm:h-11 sm:w-auto">
          {TABS.map(({ id, icon: Icon }) => (
            <TabsTrigger key={id} value={id}>
              <Icon aria-hidden="true" />
              {t(`tabs.${id}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="profile" className="grid gap-6">
          <ProfileTab me={me} />
          <RankingVisibilityCard />
          <YourDataCard />
        </TabsContent>
        <TabsContent value="wallet">
          <WalletTab me={me} />
        </TabsContent>
        <TabsContent value="security">
          <SecurityTab me={me} currentToken={session?.token ?? null} />
        </TabsContent>
        <TabsContent value="notifications">
          <NotificationsTab me={me} />
        </TabsContent>
      </Tabs>
    </MemberPage>
  );
}
