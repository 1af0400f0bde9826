import type { TMe } from "@viewvault/shared";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, Outlet, useLocation } from "react-router";
import { PageSpinner } from "@/components/ui/spinner";
import { useAuth } from "@/lib/auth/auth-context";

/** Where staff without two-factor authentication are sent (the settings page explains why). */
export const STAFF_TWO_FACTOR_NOTICE_PATH = "/settings?tab=security&notice=staff-2fa";

/**
 * Whether this session was opened with two factors: TOTP on, or a passkey that verified the
 * person (ADR 075). Older answers without the field fall back to TOTP.
 */
export function signedInWithTwoFactors(me: TMe | null | undefined): boolean {
  return !!me && (me.user.signedInWithTwoFactors ?? me.user.twoFactorEnabled);
}

/**
 * Guards staff pages: signed in, role support or admin (only admin with `admin`), and signed in
 * with two factors (TOTP, or a user-verifying passkey). Staff without go to the security settings
 * with a notice; anyone without the role goes to their dashboard (the API refuses them too).
 */
export function RequireStaff({
  children,
  admin = false,
}: {
  children?: ReactNode;
  admin?: boolean;
}) {
  const { t } = useTranslation("common");
  const { user, profile, me, loading, signedOut } = useAuth();
  const location = useLocation();
  if (loading) return <PageSpinner label={t("auth.checkingSession")} />;
  if (!user) {
    if (signedOut) return <Navigate to="/" replace />;
    const redirect = encodeURIComponent(`${location.pathname}${location.search}`);
    return <Navigate to={`/auth?redirect=${redirect}`} replace />;
  }
  const allowed = admin ? ["admin"] : ["support", "admin"];
  if (!profile || !allowed.includes(profile.role)) {
    return <Navigate to="/dashboard" replace />;
  }
  if (!signedInWithTwoFactors(me)) return <Navigate to={STAFF_TWO_FACTOR_NOTICE_PATH} replace />;
  return children ?? <Outlet />;
}
