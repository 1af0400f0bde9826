import { LogIn } from "lucide-react";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { Button } from "@/components/ui/button";
import { useAuth } from "@/lib/auth/auth-context";
import { lazyPart } from "@/lib/lazy-part";
import { useLazyMenu } from "@/lib/use-load-on-intent";
import { AccountTriggerContent } from "./account-trigger";
import { NotificationBell } from "./notification-bell";

const AccountMenu = lazyPart(() => import("./account-menu").then((m) => m.AccountMenu));

/** "Sign in" for visitors; the notification bell and the username with a small menu for members. */
export function AccountArea() {
  const { t } = useTranslation("common");
  const { user, profile, loading } = useAuth();
  const { pathname } = useLocation();
  if (loading) return <span aria-hidden="true" className="size-10" />;
  if (!user) {
    if (pathname === "/auth") return null;
    return (
      <Button asChild variant="default" className="px-3" aria-label={t("account.signIn")}>
        <Link to="/auth">
          <LogIn aria-hidden="true" />
          <span className="hidden sm:inline">{t("account.signIn")}</span>
        </Link>
      </Button>
    );
  }
  const username = profile?.username ?? user.username ?? user.name;
  return (
    <>
      <NotificationBell />
      <LazyAccountMenu username={username} />
    </>
  );
}

/**
 * The account menu's Radix code is not needed to paint the page: a look-alike button is shown
 * first, the menu loads when the browser is idle (or on hover/focus), and a click made before it
 * arrives opens it as soon as it does.
 */
function LazyAccountMenu({ username }: { username: string }) {
  const { t } = useTranslation("common");
  const menu = useLazyMenu(AccountMenu.preload);
  const placeholder = (
    <Button
      variant="outline"
      className="max-w-40 px-3"
      aria-label={t("account.menu", { username })}
      {...menu.placeholderProps}
    >
      <AccountTriggerContent username={username} />
    </Button>
  );
  return (
    <Suspense fallback={placeholder}>
      {menu.wanted ? (
        <AccountMenu
          username={username}
          defaultOpen={menu.defaultOpen}
          focusTrigger={menu.focusTrigger}
        />
      ) : (
        placeholder
      )}
    </Suspense>
  );
}
