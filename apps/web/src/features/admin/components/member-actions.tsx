import type { TAdminMemberDetail } from "@viewvault/shared";
import { Ban, Gift, LogOut, RotateCcw, UserCog } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/lib/toast";
import { useChangeRole } from "../api/change-role";
import { useRevokeSessions } from "../api/revoke-sessions";
import { useSetSuspension } from "../api/set-suspension";
import { useStepUp } from "../hooks/use-step-up";
import { BonusDialog } from "./bonus-dialog";
import { ReasonDialog } from "./reason-dialog";
import { RoleDialog } from "./role-dialog";

type Open = "suspend" | "role" | "revoke" | "bonus" | null;

/**
 * Suspend or reinstate, change role, sign out everywhere, grant an event bonus — each a dialog
 * with a reason.
 */
export function MemberActions({
  member,
  self,
}: {
  member: TAdminMemberDetail["member"];
  self: boolean;
}) {
  const { t } = useTranslation("admin");
  const [open, setOpen] = useState<Open>(null);
  const suspension = useSetSuspension(member.id);
  const role = useChangeRole(member.id);
  const revoke = useRevokeSessions(member.id);
  const stepUp = useStepUp();
  const username = member.username;
  const suspending = !member.suspended;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("actions.title")}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {self ? <p className="text-sm text-muted-foreground">{t("actions.ownAccount")}</p> : null}
        <div className="flex flex-wrap gap-2">
          <Button
            variant={suspending ? "destructive" : "default"}
            disabled={self}
            onClick={() => setOpen("suspend")}
          >
            {suspending ? <Ban aria-hidden="true" /> : <RotateCcw aria-hidden="true" />}
            {suspending ? t("actions.suspend") : t("actions.reinstate")}
          </Button>
          <Button variant="outline" disabled={self} onClick={() => setOpen("role")}>
            <UserCog aria-hidden="true" />
            {t("actions.changeRole")}
          </Button>
          <Button variant="outline" onClick={() => setOpen("revoke")}>
            <LogOut aria-hidden="true" />
            {t("actions.revokeSessions")}
          </Button>
          <Button variant="outline" onClick={() => setOpen("bonus")}>
            <Gift aria-hidden="true" />
            {t("bonus.grant")}
          </Button>
        </div>
      </CardContent>
      {open === "suspend" ? (
        <ReasonDialog
          title={t(suspending ? "actions.suspendTitle" : "actions.reinstateTitle", { username })}
          description={t(suspending ? "actions.suspendText" : "actions.reinstateText")}
          confirmLabel={suspending ? t("actions.suspend") : t("actions.reinstate")}
          destructive={suspending}
          pending={suspension.isPending}
          onClose={() => setOpen(null)}
          onConfirm={(reason, report) =>
            suspension.mutate(
              { suspended: suspending, reason },
              {
                onSuccess: () => {
                  toast.success(
                    t(suspending ? "actions.suspended" : "actions.reinstated", { username }),
                  );
                  setOpen(null);
                },
                onError: report,
              },
            )
          }
        />
      ) : null}
      {open === "role" ? (
        <RoleDialog
          username={username}
          current={member.role}
          pending={role.isPending}
          onClose={() => setOpen(null)}
          onConfirm={(request, report) => {
            const run = () =>
              role.mutate(request, {
                onSuccess: () => {
                  toast.success(
                    t("actions.roleChanged", { username, role: t(`roles.${request.role}`) }),
                  );
                  setOpen(null);
                },
                onError: (error) => {
                  if (!stepUp.guard(error, run)) report(error);
                },
              });
            run();
          }}
        />
      ) : null}
      {open === "revoke" ? (
        <ReasonDialog
          title={t("actions.revokeTitle", { username })}
          description={t("actions.revokeText")}
          confirmLabel={t("actions.revokeSessions")}
          pending={revoke.isPending}
          onClose={() => setOpen(null)}
          onConfirm={(reason, report) =>
            revoke.mutate(
              { reason },
              {
                onSuccess: (result) => {
                  toast.success(t("actions.revoked", { count: result.revoked }));
                  setOpen(null);
                },
                onError: report,
              },
            )
          }
        />
      ) : null}
      {open === "bonus" ? <BonusDialog member={member} onClose={() => setOpen(null)} /> : null}
      {stepUp.dialog}
    </Card>
  );
}
