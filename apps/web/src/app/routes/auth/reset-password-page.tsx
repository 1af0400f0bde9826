import { AlertCircle, ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { ResetPasswordForm } from "@/features/auth/components/reset-password-form";
import { toast } from "@/lib/toast";
import { useDocumentMeta } from "@/lib/use-document-meta";

/** /auth/reset-password?token=… (or ?error=INVALID_TOKEN when the link expired or was used). */
export function ResetPasswordPage() {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const [params] = useSearchParams();
  useDocumentMeta(t("reset.title"));
  const token = params.get("token");
  const invalid = !token || Boolean(params.get("error"));
  return (
    <div className="flex justify-center px-4 py-10 sm:py-16">
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="text-2xl leading-tight font-semibold tracking-tight">
            {t("reset.title")}
          </h1>
          <CardDescription>{t("reset.description")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {invalid ? (
            <>
              <Alert variant="destructive">
                <AlertCircle aria-hidden="true" />
                <AlertDescription className="text-foreground">
                  {t("reset.invalidLink")}
                </AlertDescription>
              </Alert>
              <Button asChild>
                <Link to="/auth">{t("reset.requestNew")}</Link>
              </Button>
            </>
          ) : (
            <ResetPasswordForm
              token={token}
              onDone={() => {
                toast.success(t("reset.success"));
                navigate("/auth", { replace: true });
              }}
            />
          )}
          <Button asChild variant="ghost" className="justify-self-start">
            <Link to="/auth">
              <ArrowLeft aria-hidden="true" />
              {t("reset.backToSignIn")}
            </Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
