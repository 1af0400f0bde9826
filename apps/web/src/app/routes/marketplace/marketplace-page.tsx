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

/** A tab that wraps its words on a phone (the three share the width) and sits in a row above. */
const PHONE_TAB =
  "h-auto min-h-9 flex-col gap-1 px-1.5 py-1.5 text-center text-xs leading-tight whitespace-normal sm:flex-row sm:gap-2 sm:px-3 sm:text-sm sm:whitespace-nowrap";

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
        {/* On a phone the three tabs share the width and their words wrap: none is cut off. */}
        <TabsList className="grid h-auto w-full grid-cols-3 sm:inline-flex sm:h-11 sm:w-auto">
          <TabsTrigger value="buy" className={PHONE_TAB}>
            <ShoppingCart aria-hidden="true" />
            {t("tabs.buy")}
          </TabsTrigger>
          <TabsTrigger value="sell" className={PHONE_TAB}>
            <Tag aria-hidden="true" />
            {t("tabs.sell")}
          </TabsTrigger>
          <TabsTrigger value="mine" className={PHONE_TAB}>
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
