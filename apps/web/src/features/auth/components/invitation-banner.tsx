import { Gift } from "lucide-react";
import { Trans, useTranslation } from "react-i18next";

/** Shown on Sign Up when the visitor came through an invite link (?ref=). */
export function InvitationBanner({ inviter }: { inviter: string }) {
  const { t } = useTranslation("auth");
  return (
    <div
      role="note"
      className="flex items-start gap-3 rounded-lg border border-primary/30 bg-primary/5 px-4 py-3 text-sm"
    >
      <Gift aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
      <div>
        <p className="font-semibold">{t("invite.title")}</p>
        <p className="text-muted-foreground">
          <Trans
            t={t}
            i18nKey="invite.byUser"
            values={{ username: inviter }}
            components={{ strong: <strong className="text-foreground" /> }}
          />
        </p>
      </div>
    </div>
  );
}
