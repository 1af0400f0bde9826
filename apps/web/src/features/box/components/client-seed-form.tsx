import { zodResolver } from "@hookform/resolvers/zod";
import { type TSetClientSeedRequest, ZSetClientSeedRequest } from "@viewvault/shared";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { FieldError, Label } from "@/components/ui/label";
import { fieldText, setServerError } from "@/lib/form";
import { toast } from "@/lib/toast";
import { useSetClientSeed } from "../api/set-client-seed";

/** Lets the member choose the client seed of their next openings. */
export function ClientSeedForm({ current, onDone }: { current: string; onDone: () => void }) {
  const { t } = useTranslation("box");
  const id = useId();
  const save = useSetClientSeed();
  const form = useForm<TSetClientSeedRequest>({
    defaultValues: { clientSeed: current },
    resolver: zodResolver(ZSetClientSeedRequest),
  });
  const error =
    fieldText(t, form.formState.errors.clientSeed?.message) ??
    form.formState.errors.root?.server?.message ??
    null;
  return (
    <form
      className="grid gap-2"
      onSubmit={form.handleSubmit((values) =>
        save.mutateAsync(values).then(
          () => {
            toast.success(t("card.seedSaved"));
            onDone();
          },
          (err: unknown) =>
            setServerError(form.setError, t, err, {
              fields: ["clientSeed"],
              fallback: t("card.seedFailed"),
            }),
        ),
      )}
    >
      <Label htmlFor={`${id}-seed`}>{t("card.clientSeed")}</Label>
      <div className="flex gap-2">
        <Input
          id={`${id}-seed`}
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-seed-error` : undefined}
          {...form.register("clientSeed")}
        />
        <Button type="submit" size="sm" className="h-10" disabled={save.isPending}>
          {t("card.saveSeed")}
        </Button>
        <Button type="button" size="sm" variant="ghost" className="h-10" onClick={onDone}>
          {t("card.cancelSeed")}
        </Button>
      </div>
      <FieldError id={`${id}-seed-error`}>{error}</FieldError>
    </form>
  );
}
