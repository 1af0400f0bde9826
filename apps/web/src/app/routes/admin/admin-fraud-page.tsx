import { useTranslation } from "react-i18next";
import { MemberPage } from "@/components/layout/member-page";
import { FraudQueue } from "@/features/fraud/components/fraud-queue";
import { useDocumentMeta } from "@/lib/use-document-meta";

/** /admin/fraud: the fraud queue (admins with 2FA): clusters and high-risk members. */
export function AdminFraudPage() {
  const { t } = useTranslation("fraud");
  useDocumentMeta(t("title"));
  return (
    <MemberPage title={t("title")} subtitle={t("subtitle")} backLabel={t("back")}>
      <FraudQueue />
    </MemberPage>
  );
}
