import { parseHandle } from "@viewvault/shared";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useSearchParams } from "react-router";
import { PageSpinner } from "@/components/ui/spinner";
import { AuthCard } from "@/features/auth/components/auth-card";
import { usePublicProfile } from "@/features/profiles/api/get-public-profile";

import { preloadAuthClient, safeRedirect, useAuth } from "@/lib/auth";
import { useDocumentMeta } from "@/lib/use-document-meta";

/** `?error=` of a verification link, also when it sits inside `?redirect=`. */
function verificationLinkError(params: URLSearchParams): string | null {
  const direct = params.get("error");
  if (direct) return direct;
  const redirect = params.get("redirect");
  if (!redirect) return null;
  try {
    return new URL(redirect, "http://x").searchParams.get("error");
  } catch {
    return null;
  }
}

/**
 * /auth: Sign In / Sign Up. A signed-in member goes on to ?redirect= (or /dashboard); ?ref=
 * opens Sign Up with the invitation banner and sends the inviter as referralId.
 */
export function AuthPage() {
  const { t } = useTranslation("auth");
  const { user, loading } = useAuth();
  const [params] = useSearchParams();
  useDocumentMeta(t("meta.title"), t("meta.description"));
  useEffect(preloadAuthClient, []);

  const ref = params.get("ref")?.trim() || null;
  // A value without a hyphen is a username; otherwise it is already an id. Either is
  // looked up: the invitation is shown only for a referrer that exists.
  const refHandle = ref ? (ref.includes("-") ? ref : parseHandle(ref)) : null;
  const inviter = usePublicProfile(refHandle);
  const linkError = verificationLinkError(params);

  if (loading) return <PageSpinner label={t("common:auth.checkingSession")} />;
  if (user) return <Navigate to={safeRedirect(params.get("redirect"))} replace />;
  if (refHandle && inviter.isPending) return <PageSpinner label={t("common:a11y.loading")} />;

  // No "You were invited" for a referrer that does not exist (or could not be found).
  const invite = inviter.data
    ? { inviter: inviter.data.username, referralId: inviter.data.id }
    : null;

  return (
    <div className="flex justify-center px-4 py-10 sm:py-16">
      <AuthCard
        defaultTab={ref || params.get("tab") === "signup" ? "signup" : "signin"}
        invite={invite}
        linkError={linkError ? t("linkError.verification") : null}
      />
    </div>
  );
}
