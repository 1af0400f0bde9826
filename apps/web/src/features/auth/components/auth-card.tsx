import { useState } from "react";
import { useTranslation } from "react-i18next";
import { BrandMark } from "@/components/layout/brand-logo";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { InvitationBanner } from "./invitation-banner";
import { SignInForm } from "./sign-in-form";
import { SignUpForm } from "./sign-up-form";

export type AuthTab = "signin" | "signup";

/** The /auth card: Sign In and Sign Up tabs, with the invitation banner when invited. */
export function AuthCard({
  defaultTab,
  invite,
  linkError,
}: {
  defaultTab: AuthTab;
  /** Set when the visitor came with ?ref= of a member who exists: who, and the id sent at sign-up. */
  invite?: { inviter: string; referralId: string } | null;
  /** A verification link that was invalid or expired. */
  linkError?: string | null;
}) {
  const { t } = useTranslation("auth");
  const [tab, setTab] = useState<AuthTab>(defaultTab);
  return (
    <Card className="w-full max-w-md">
      <CardHeader className="items-center text-center">
        <BrandMark className="size-10" />
        <h1 className="text-2xl leading-tight font-semibold tracking-tight">
          {t("welcome.title")}
        </h1>
        <CardDescription>{t("welcome.subtitle")}</CardDescription>
      </CardHeader>
      <CardContent>
        <Tabs value={tab} onValueChange={(value) => setTab(value as AuthTab)}>
          <TabsList className="grid w-full grid-cols-2">
            <TabsTrigger value="signin">{t("tabs.signIn")}</TabsTrigger>
            <TabsTrigger value="signup">{t("tabs.signUp")}</TabsTrigger>
          </TabsList>
          <TabsContent value="signin">
            <SignInForm linkError={linkError} />
          </TabsContent>
          <TabsContent value="signup" className="grid gap-4">
            {invite ? <InvitationBanner inviter={invite.inviter} /> : null}
            <SignUpForm referralId={invite?.referralId} />
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}
