import { ShoppingCart, Tag, UserRound } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { MemberPage } from "@/components/layout/member-page";
import { BalanceTiles } from "@/components/money/balance-tiles";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useMarketFollowsBalances } from "@/features/marketplace/api/offers";
import { MyMarket } from "@/features/marketplace/components/my-market";
import { OffersCard } from "@/features/marketplace/components/offers-card";
import { SellForm } from "@/features/marketplace/components/sell-form";
import { useDocumentMeta } from "@/lib/use-document-meta";

const TABS = ["buy", "sell", "mine"] as const;
type Tab = (typeof TABS)[number];

/** /marketplace "Marketplace de Views": Comprar, Vender, and my offers and trades. */
export function MarketplacePage() {
  const { t } = useTranslation("marketplace");
  useDocumentMeta(t("title"));
  const [tab, setTab] = useState<Tab>("buy");
  useMarketFollowsBalances();
  return (
    <MemberPage title={t("title")} subtitle={t("subtitle")} backLabel={t("money:back")}>
      <BalanceTiles />
      <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
        <TabsList>
          <TabsTrigger value="buy">
            <ShoppingCart aria-hidden="true" />
            {t("tabs.buy")}
          </TabsTrigger>
          <TabsTrigger value="sell">
            <Tag aria-hidden="true" />
            {t("tabs.sell")}
          </TabsTrigger>
          <TabsTrigger value="mine">
            <UserRound aria-hidden="true" />
            {t("tabs.mine")}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="buy">
          <OffersCard />
        </TabsContent>
        <TabsContent value="sell">
          <div className="mx-auto max-w-xl">
            <SellForm onListed={() => setTab("mine")} />
          </div>
        </TabsContent>
        <TabsContent value="mine">
          <MyMarket />
        </TabsContent>
      </Tabs>
    </MemberPage>
  );
}
