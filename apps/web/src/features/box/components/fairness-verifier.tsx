import { zodResolver } from "@hookform/resolvers/zod";
import { type BoxRoll, type TFairnessForm, verifyOpening, ZFairnessForm } from "@viewvault/shared";
import { CheckCircle2, XCircle } from "lucide-react";
import { useCallback, useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { FieldError, Label } from "@/components/ui/label";
import { fieldText } from "@/lib/form";
import { canVerifyHere, webFairness } from "../lib/web-fairness";
import { ItemArt, RarityPill } from "./item-art";

interface Outcome {
  seedHash: string;
  hashMatches: boolean | null;
  roll: BoxRoll;
}

/**
 * Recomputes an opening in the browser (WebCrypto) from its server seed, client seed and nonce
 * with the shared algorithm, and checks the seed against the committed hash when one is given.
 * Runs at once when the address carries all three inputs (a link from an opening).
 */
export function FairnessVerifier({ initial }: { initial: Partial<TFairnessForm> }) {
  const { t } = useTranslation("box");
  const id = useId();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const supported = canVerifyHere();
  const form = useForm<TFairnessForm>({
    defaultValues: {
      serverSeed: initial.serverSeed ?? "",
      serverSeedHash: initial.serverSeedHash ?? "",
      clientSeed: initial.clientSeed ?? "",
      nonce: initial.nonce ?? "",
    },
    resolver: zodResolver(ZFairnessForm),
  });
  const { reset, handleSubmit } = form;

  const compute = useCallback(async (values: TFairnessForm) => {
    setOutcome(
      await verifyOpening(webFairness, {
        serverSeed: values.serverSeed.toLowerCase(),
        serverSeedHash: values.serverSeedHash || undefined,
        clientSeed: values.clientSeed,
        nonce: Number(values.nonce),
      }),
    );
  }, []);

  // A link with the inputs (an opening's "Verify", a test vector) fills the form and verifies.
  const complete = Boolean(initial.serverSeed && initial.clientSeed && initial.nonce);
  const { serverSeed, serverSeedHash, clientSeed, nonce } = initial;
  useEffect(() => {
    const values = {
      serverSeed: serverSeed ?? "",
      serverSeedHash: serverSeedHash ?? "",
      clientSeed: clientSeed ?? "",
      nonce: nonce ?? "",
    };
    reset(values);
    setOutcome(null);
    if (complete && supported) void handleSubmit(compute)();
  }, [
    serverSeed,
    serverSeedHash,
    clientSeed,
    nonce,
    complete,
    supported,
    reset,
    handleSubmit,
    compute,
  ]);

  const fields = [
    { name: "serverSeed", label: t("fairness.serverSeed") },
    { name: "serverSeedHash", label: t("fairness.serverSeedHash") },
    { name: "clientSeed", label: t("fairness.clientSeed") },
    { name: "nonce", label: t("fairness.nonce") },
  ] as const;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("fairness.formTitle")}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">
        {!supported ? (
          <Alert variant="destructive">
            <AlertDescription className="text-foreground">
              {t("fairness.unsupported")}
            </AlertDescription>
          </Alert>
        ) : null}
        <form className="grid gap-4" onSubmit={handleSubmit(compute)} noValidate>
          {fields.map((field) => {
            const error = fieldText(t, form.formState.errors[field.name]?.message);
            const inputId = `${id}-${field.name}`;
            return (
              <div key={field.name} className="grid gap-2">
                <Label htmlFor={inputId}>{field.label}</Label>
                <Input
                  id={inputId}
                  className="font-mono"
                  autoComplete="off"
                  spellCheck={false}
                  inputMode={field.name === "nonce" ? "numeric" : undefined}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${inputId}-error` : undefined}
                  {...form.register(field.name)}
                />
                <FieldError id={`${inputId}-error`}>{error}</FieldError>
              </div>
            );
          })}
          <Button
            type="submit"
            variant="gradient"
            className="justify-self-start"
            disabled={!supported || form.formState.isSubmitting}
          >
            {form.formState.isSubmitting ? t("fairness.computing") : t("fairness.verify")}
          </Button>
        </form>
        {outcome ? (
          <section aria-live="polite" className="grid gap-3" data-testid="fairness-outcome">
            {outcome.hashMatches !== null ? (
              <p
                className={
                  outcome.hashMatches
                    ? "flex items-center gap-2 text-sm font-medium text-success"
                    : "flex items-center gap-2 text-sm font-medium text-destructive"
                }
              >
                {outcome.hashMatches ? (
                  <CheckCircle2 aria-hidden="true" className="size-4" />
                ) : (
                  <XCircle aria-hidden="true" className="size-4" />
                )}
                {outcome.hashMatches ? t("fairness.hashMatches") : t("fairness.hashMismatch")}
              </p>
            ) : null}
            <div className="grid gap-0.5 text-xs">
              <span className="text-muted-foreground">{t("fairness.seedHash")}</span>
              <code className="font-mono break-all">{outcome.seedHash}</code>
            </div>
            <div className="flex items-center gap-3">
              <ItemArt itemId={outcome.roll.itemId} rarity={outcome.roll.rarity} />
              <div className="grid gap-1">
                <span className="text-xs text-muted-foreground">{t("fairness.result")}</span>
                <span className="font-semibold" data-testid="fairness-item">
                  {t(`items.${outcome.roll.itemId}.name`)}
                </span>
                <RarityPill
                  rarity={outcome.roll.rarity}
                  label={t(`rarity.${outcome.roll.rarity}`)}
                />
              </div>
            </div>
            <p className="text-xs text-muted-foreground">
              {t("fairness.draws", { rarity: outcome.roll.draws[0], item: outcome.roll.draws[1] })}
            </p>
          </section>
        ) : null}
      </CardContent>
    </Card>
  );
}
