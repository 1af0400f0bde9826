import type { TMe } from "@viewvault/shared";
import { ChangePasswordCard } from "./change-password-card";
import { PasskeysCard } from "./passkeys-card";
import { SessionsCard } from "./sessions-card";
import { TwoFactorCard } from "./two-factor-card";

/** Segurança: passkeys, password, two-factor authentication and active sessions. */
export function SecurityTab({ me, currentToken }: { me: TMe; currentToken: string | null }) {
  return (
    <div className="grid gap-6">
      <PasskeysCard />
      <TwoFactorCard enabled={me.user.twoFactorEnabled} />
      <ChangePasswordCard />
      <SessionsCard currentToken={currentToken} />
    </div>
  );
}
