import { useTranslation } from "react-i18next";
import { MemberPage } from "@/components/layout/member-page";
import { RankingBoard } from "@/features/ranking/components/ranking-board";
import { useDocumentMeta } from "@/lib/use-document-meta";

/** /ranking: members by earned views, this week / this month / all time. */
export function RankingPage() {
  const { t } = useTranslation("ranking");
  useDocumentMeta(t("title"));
  return (
    <MemberPage title={t("title")} subtitle={t("subtitle")} backLabel={t("money:back")}>
      <RankingBoard />
    </MemberPage>
  );
}
