import { LayoutDashboard, LogOut, ReceiptText, Settings, ShieldCheck, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useAuth } from "@/lib/auth";
import { toast } from "@/lib/toast";
import { useFocusOnMount, useRequestedOpen } from "@/lib/use-load-on-intent";
import { AccountTriggerContent } from "./account-trigger";

/** The signed-in member's menu: Dashboard, Activity, Referrals, Settings, Admin (admins only), Sign out (loaded after first paint). */
export function AccountMenu({
  username,
  defaultOpen = false,
  focusTrigger = false,
}: {
  username: string;
  /** Opens at once: the member clicked its placeholder before it had loaded. */
  defaultOpen?: boolean;
  /** Keeps keyboard focus when this replaces a focused placeholder button. */
  focusTrigger?: boolean;
}) {
  const { t } = useTranslation("common");
  const { signOut, profile } = useAuth();
  const navigate = useNavigate();
  const triggerRef = useFocusOnMount<HTMLButtonElement>(focusTrigger && !defaultOpen);
  const [open, setOpen] = useRequestedOpen(defaultOpen);
  return (
    <DropdownMenu open={open} onOpenChange={setOpen} modal={false}>
      <DropdownMenuTrigger asChild>
        <Button
          ref={triggerRef}
          variant="outline"
          className="max-w-40 px-3"
          aria-label={t("account.menu", { username })}
        >
          <AccountTriggerContent username={username} />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel className="truncate normal-case">@{username}</DropdownMenuLabel>
        <DropdownMenuItem asChild>
          <Link to="/dashboard">
            <LayoutDashboard aria-hidden="true" />
            {t("account.dashboard")}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/activity">
            <ReceiptText aria-hidden="true" />
            {t("account.activity")}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/referrals">
            <Users aria-hidden="true" />
            {t("account.referrals")}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/settings">
            <Settings aria-hidden="true" />
            {t("account.settings")}
          </Link>
        </DropdownMenuItem>
        {profile?.role === "admin" ? (
          // Staff links only for staff: members never see them.
          <DropdownMenuItem asChild>
            <Link to="/admin">
              <ShieldCheck aria-hidden="true" />
              {t("account.admin")}
            </Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem
          onSelect={async () => {
            try {
              await signOut();
              toast.success(t("account.signedOut"));
              navigate("/");
            } catch {
              toast.error(t("account.signOutFailed"));
            }
          }}
        >
          <LogOut aria-hidden="true" />
          {t("account.signOut")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
