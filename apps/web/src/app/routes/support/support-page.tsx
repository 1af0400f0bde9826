import { useQueryClient } from "@tanstack/react-query";
import { ShieldAlert } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { MemberPage } from "@/components/layout/member-page";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Spinner } from "@/components/ui/spinner";
import {
  STAFF_TWO_FACTOR_NOTICE_PATH,
  signedInWithTwoFactors,
} from "@/features/auth/components/require-staff";
import { deskUnlockQueryKey, useDeskUnlock } from "@/features/support/api/desk-unlock";
import { DeskGate } from "@/features/support/components/desk-gate";
import { DeskTable } from "@/features/support/components/desk-table";
import { MyRequestsCard } from "@/features/support/components/my-requests-card";
import { SupportRequestForm } from "@/features/support/components/support-request-form";
import { useAuth } from "@/lib/auth";
import { problemText } from "@/lib/problem-text";
import { useDocumentMeta } from "@/lib/use-document-meta";

/**
 * /support: members see their own requests (withdrawals included) and open new ones; staff
 * (support, admin, with 2FA) also get the desk behind the server-checked password gate.
 */
export function SupportPage() {
  const { t } = useTranslation("support");
  useDocumentMeta(t("title"));
  const { profile, me } = useAuth();
  const staff = profile?.role === "support" || profile?.role === "admin";
  return (
    <MemberPage title={t("title")} subtitle={t("subtitle")} backLabel={t("money:back")}>
      {staff ? (
        signedInWithTwoFactors(me) ? (
          <StaffDesk />
        ) : (
          <Alert variant="warning">
            <ShieldAlert aria-hidden="true" />
            <AlertDescription className="text-foreground">
              {problemText(t, { code: "TWO_FACTOR_REQUIRED" })}{" "}
              <Link
                to={STAFF_TWO_FACTOR_NOTICE_PATH}
                className="font-medium text-primary underline"
              >
                {t("common:account.settings")}
              </Link>
            </AlertDescription>
          </Alert>
        )
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <SupportRequestForm />
        <MyRequestsCard />
      </div>
    </MemberPage>
  );
}

function StaffDesk() {
  const queryClient = useQueryClient();
  const unlock = useDeskUnlock(true);
  const until = unlock.data?.unlockedUntil ?? null;
  // The unlock expires on the server; the page locks again at the same moment.
  useEffect(() => {
    if (!until) return;
    const ms = new Date(until).getTime() - Date.now();
    const timer = setTimeout(
      () => queryClient.setQueryData(deskUnlockQueryKey, { unlockedUntil: null }),
      Math.max(0, Math.min(ms, 2_147_000_000)),
    );
    return () => clearTimeout(timer);
  }, [until, queryClient]);
  if (unlock.isPending) return <Spinner />;
  return until ? <DeskTable unlockedUntil={until} /> : <DeskGate />;
}
