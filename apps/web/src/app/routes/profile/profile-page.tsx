import { profileHandle } from "@viewvault/shared";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { PageSpinner } from "@/components/ui/spinner";
import { CollectionCard } from "@/features/box/components/collection-card";
import { usePublicProfile } from "@/features/profiles/api/get-public-profile";
import { InviteLanding } from "@/features/profiles/components/invite-landing";
import { PublicProfileCard } from "@/features/profiles/components/public-profile-card";
import { UserNotFound } from "@/features/profiles/components/user-not-found";

import { ApiError } from "@/lib/api-client";
import { useAuth } from "@/lib/auth";
import { useDocumentMeta } from "@/lib/use-document-meta";
import { NotFoundPage } from "../not-found/not-found-page";

/**
 * Seed routes that are not built yet (and words a username must never shadow) answer with the
 * not-found page instead of a profile lookup.
 */
const RESERVED = new Set([
  "add-video",
  "admin",
  "api",
  "auth",
  "compliance",
  "dashboard",
  "dev",
  "events",
  "feed",
  "help",
  "marketplace",
  "ranking",
  "referrals",
  "security",
  "settings",
  "support",
  "swap",
  "transfer",
  "transparency",
  "watch",
  "withdraw",
]);

/**
 * /@username or /username: the invite page for visitors, the public profile for members. Any
 * /@name is a profile lookup, so a name no username can match says "user not found" without
 * asking the server; a bare /name that cannot be a username (or is reserved) is not found.
 */
export function ProfilePage() {
  const { handle } = useParams();
  const target = profileHandle(handle);
  const explicit = handle?.startsWith("@") ?? false;
  if (!target || (!explicit && RESERVED.has(target.username.toLowerCase())))
    return <NotFoundPage />;
  if (!target.possible) return <MissingProfile username={target.username} />;
  return <ProfileView username={target.username} />;
}

function MissingProfile({ username }: { username: string }) {
  const { t } = useTranslation("profile");
  useDocumentMeta(t("notFound.title"));
  return <UserNotFound username={username} />;
}

function ProfileView({ username }: { username: string }) {
  const { t } = useTranslation("profile");
  const { user, profile: own, loading } = useAuth();
  const query = usePublicProfile(username);
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  useDocumentMeta(
    notFound
      ? t("notFound.title")
      : t("meta.title", { username: query.data?.username ?? username }),
  );

  if (query.isPending || loading) return <PageSpinner label={t("common:a11y.loading")} />;
  if (notFound || !query.data) return <UserNotFound username={username} />;
  if (!user) return <InviteLanding inviter={query.data} />;
  const isSelf = own?.id === query.data.id;
  return (
    <PublicProfileCard profile={query.data} isSelf={isSelf}>
      <CollectionCard username={query.data.username} isSelf={isSelf} />
    </PublicProfileCard>
  );
}
