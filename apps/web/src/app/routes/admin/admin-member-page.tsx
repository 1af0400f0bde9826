import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { Button } from "@/components/ui/button";
import { PageSpinner } from "@/components/ui/spinner";
import { useMember } from "@/features/admin/api/get-member";
import { MemberActions } from "@/features/admin/components/member-actions";
import { MemberDetail } from "@/features/admin/components/member-detail";
import { ApiError } from "@/lib/api-client";
import { useAuth } from "@/lib/auth";
import { problemText } from "@/lib/problem-text";
import { useDocumentMeta } from "@/lib/use-document-meta";

/** /admin/members/:id: one member's page and the actions on them. */
export function AdminMemberPage() {
  const { t } = useTranslation("admin");
  const { id = "" } = useParams();
  const { profile } = useAuth();
  const member = useMember(id);
  useDocumentMeta(
    member.data ? t("member.title", { username: member.data.member.username }) : t("title"),
  );
  return (
    <div className="mx-auto grid max-w-5xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-8 sm:px-6 sm:py-10">
      <Button asChild variant="ghost" className="justify-self-start">
        <Link to="/admin?tab=members">
          <ArrowLeft aria-hidden="true" />
          {t("member.backToSearch")}
        </Link>
      </Button>
      {member.isPending ? (
        <PageSpinner label={t("common:a11y.loading")} />
      ) : member.isError ? (
        <p className="text-sm text-destructive">
          {member.error instanceof ApiError && member.error.refused
            ? problemText(t, member.error.problem)
            : t("loadFailed")}
        </p>
      ) : (
        <>
          <h1 className="text-2xl font-bold tracking-tight break-all sm:text-3xl">
            {t("member.title", { username: member.data.member.username })}
          </h1>
          <MemberActions member={member.data.member} self={member.data.member.id === profile?.id} />
          <MemberDetail detail={member.data} />
        </>
      )}
    </div>
  );
}
