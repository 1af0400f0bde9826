import { zodResolver } from "@hookform/resolvers/zod";
import { type TPostSupportMessage, ZPostSupportMessage } from "@viewvault/shared";
import { Loader2, Send } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-field";
import { inputClassName } from "@/components/ui/input";
import { FieldError, Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { fieldText, setServerError } from "@/lib/form";
import { errorText } from "@/lib/problem-text";
import { toast } from "@/lib/toast";
import { useMoneyFormat } from "@/lib/use-money-format";
import { cn } from "@/lib/utils";
import { type ThreadAudience, usePostMessage, useThread } from "../api/thread";

/** A request's messages between the member and staff, oldest first, and a reply box. */
export function RequestThread({
  audience,
  requestId,
}: {
  audience: ThreadAudience;
  requestId: string;
}) {
  const { t } = useTranslation("support");
  const fmt = useMoneyFormat();
  const ids = useId();
  const query = useThread(audience, requestId);
  const post = usePostMessage(audience, requestId);
  const form = useForm<TPostSupportMessage>({
    resolver: zodResolver(ZPostSupportMessage),
    defaultValues: { body: "" },
  });
  const { errors } = form.formState;

  function onValid({ body }: TPostSupportMessage) {
    post.mutate(body, {
      onSuccess: () => form.reset({ body: "" }),
      onError: (error) => {
        setServerError(form.setError, t, error, { fields: ["body"], fallback: t("thread.failed") });
        toast.error(errorText(t, error, t("thread.failed")));
      },
    });
  }

  return (
    <div className="grid gap-3 rounded-lg border bg-muted/20 p-3" data-testid="request-thread">
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <p className="text-sm text-destructive">{t("thread.loadFailed")}</p>
      ) : query.data.messages.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("thread.empty")}</p>
      ) : (
        <ol className="grid gap-2">
          {query.data.messages.map((message) => (
            <li
              key={message.id}
              className={cn(
                "grid gap-0.5 rounded-md px-3 py-2 text-sm",
                message.fromStaff ? "bg-primary/10" : "bg-background",
              )}
            >
              <span className="text-xs font-medium text-muted-foreground">
                {message.fromStaff
                  ? `${t("thread.staff")} · @${message.author}`
                  : `@${message.author}`}{" "}
                · <time dateTime={message.createdAt}>{fmt.dateTime(message.createdAt)}</time>
              </span>
              <span className="whitespace-pre-wrap break-words">{message.body}</span>
            </li>
          ))}
        </ol>
      )}
      <form onSubmit={form.handleSubmit(onValid)} className="grid gap-2" noValidate>
        <FormError message={errors.root?.server?.message} />
        <Label htmlFor={`${ids}-body`}>{t("thread.reply")}</Label>
        <textarea
          id={`${ids}-body`}
          rows={2}
          className={cn(inputClassName, "h-auto min-h-16 py-2")}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={`${ids}-body-error`}
          {...form.register("body")}
        />
        <FieldError id={`${ids}-body-error`}>{fieldText(t, errors.body?.message)}</FieldError>
        <Button type="submit" size="sm" className="justify-self-start" disabled={post.isPending}>
          {post.isPending ? (
            <Loader2 aria-hidden="true" className="animate-spin" />
          ) : (
            <Send aria-hidden="true" />
          )}
          {t("thread.send")}
        </Button>
      </form>
    </div>
  );
}
