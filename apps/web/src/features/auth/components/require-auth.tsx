import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, Outlet, useLocation } from "react-router";
import { PageSpinner } from "@/components/ui/spinner";
import { useAuth } from "@/lib/auth/auth-context";

/**
 * Guards member pages: a spinner while the session is looked up, then anonymous visitors go
 * to /auth?redirect=<where they were>. Use as a layout route or around one element.
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { t } = useTranslation("common");
  const { user, loading, signedOut } = useAuth();
  const location = useLocation();
  if (loading) return <PageSpinner label={t("auth.checkingSession")} />;
  if (!user) {
    if (signedOut) return <Navigate to="/" replace />;
    const redirect = encodeURIComponent(`${location.pathname}${location.search}`);
    return <Navigate to={`/auth?redirect=${redirect}`} replace />;
  }
  return children ?? <Outlet />;
}
