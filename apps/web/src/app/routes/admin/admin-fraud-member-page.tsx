import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { Button } from "@/components/ui/button";
import { ReasonDialog } from "@/features/admin/components/reason-dialog";
import { useStepUp } from "@/features/admin/hooks/use-step-up";
import { useFraudEvidence } from "@/features/fraud/api/get-fraud-evidence";
import { FraudEvidence } from "@/features/fraud/components/fraud-evidence";
import { useDocumentMeta } from "@/lib/use-document-meta";

/**
 * /admin/fraud/members/:id: a member's risk evidence and the fraud actions, with the admin
 * console's step-up and reason dialogs.
 */
export function AdminFraudMemberPage() {
  const { t } = useTranslation("fraud");
  const { id = "" } = useParams();
  const stepUp = useStepUp();
  const evidence = useFraudEvidence(id);
  const username = evidence.data?.member.member.username;
  useDocumentMeta(username ? t("evidence.title", { username }) : t("title"));
  return (
    <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-8 sm:px-6 sm:py-10">
      <Button asChild variant="ghost" className="justify-self-start">
        <Link to="/admin/fraud">
          <ArrowLeft aria-hidden="true" />
          {t("title")}
        </Link>
      </Button>
      {username ? (
        <h1 className="text-2xl font-bold tracking-tight">{t("evidence.title", { username })}</h1>
      ) : null}
      <FraudEvidence
        memberId={id}
        kit={{ guard: stepUp.guard, dialog: stepUp.dialog, ReasonDialog }}
      />
    </div>
  );
}
