import { zodResolver } from "@hookform/resolvers/zod";
import {
  MEMBER_REQUEST_TYPES,
  SUPPORT,
  type TCreateSupportRequest,
  ZCreateSupportRequest,
} from "@viewvault/shared";
import { Loader2, MessageSquarePlus } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormError } from "@/components/ui/form-field";
import { inputClassName, NativeSelect } from "@/components/ui/input";
import { FieldError, Label } from "@/components/ui/label";
import { fieldText, setServerError } from "@/lib/form";
import { errorText } from "@/lib/problem-text";
import { toast } from "@/lib/toast";
import { cn } from "@/lib/utils";
import { useCreateSupportRequest } from "../api/create-support-request";

/** Opening a request: its subject (withdrawal question, account, payment, other) and a message. */
export function SupportRequestForm() {
  const { t } = useTranslation("support");
  const ids = useId();
  const mutation = useCreateSupportRequest();
  const form = useForm<z.input<typeof ZCreateSupportRequest>, unknown, TCreateSupportRequest>({
    resolver: zodResolver(ZCreateSupportRequest),
    defaultValues: { requestType: "WITHDRAWAL_QUESTION", message: "" },
  });
  const { errors } = form.formState;
  const messageError = fieldText(t, errors.message?.message);

  function onValid(values: TCreateSupportRequest) {
    mutation.mutate(values, {
      onSuccess: () => {
        toast.success(t("member.sent"));
        form.reset({ requestType: values.requestType, message: "" });
      },
      onError: (error) => {
        setServerError(form.setError, t, error, {
          fields: ["message"],
          fallback: t("member.failed"),
        });
        toast.error(errorText(t, error, t("member.failed")));
      },
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MessageSquarePlus aria-hidden="true" className="size-5 text-primary" />
          {t("member.formTitle")}
        </CardTitle>
        <CardDescription>
          {t("member.formDescription", {
            min: SUPPORT.responseHours.general.min,
            max: SUPPORT.responseHours.general.max,
          })}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={form.handleSubmit(onValid)} className="grid gap-4" noValidate>
          <FormError message={errors.root?.server?.message} />
          <div className="grid gap-2 sm:max-w-xs">
            <Label htmlFor={`${ids}-type`}>{t("member.type")}</Label>
            <NativeSelect id={`${ids}-type`} {...form.register("requestType")}>
              {MEMBER_REQUEST_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`types.${type}`)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-message`}>{t("member.message")}</Label>
            <textarea
              id={`${ids}-message`}
              rows={4}
              placeholder={t("member.messagePlaceholder")}
              className={cn(inputClassName, "h-auto min-h-24 py-2")}
              aria-invalid={messageError ? true : undefined}
              aria-describedby={`${ids}-message-error`}
              {...form.register("message")}
            />
            <FieldError id={`${ids}-message-error`}>{messageError}</FieldError>
          </div>
          <Button type="submit" className="justify-self-start" disabled={mutation.isPending}>
            {mutation.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
            {t("member.submit")}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
