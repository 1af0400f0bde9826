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
  // SPEC §3: a value without a hyphen is a username; otherwise it is already an id.
  const refUsername = ref && !ref.includes("-") ? parseHandle(ref) : null;
  const inviter = usePublicProfile(refUsername);
  const linkError = verificationLinkError(params);

  if (loading) return <PageSpinner label={t("common:auth.checkingSession")} />;
  if (user) return <Navigate to={safeRedirect(params.get("redirect"))} replace />;
  if (refUsername && inviter.isPending) return <PageSpinner label={t("common:a11y.loading")} />;

  const invite = ref
    ? {
        inviter: inviter.data?.username ?? null,
        // A failed lookup keeps the raw value; the server ignores a referrer that does not exist.
        referralId: inviter.data?.id ?? (ref.startsWith("@") ? ref.slice(1) : ref),
      }
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
