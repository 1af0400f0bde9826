import { MYSTERY_BOX, type TBoxOpening } from "@viewvault/shared";
import { Gift, Pencil, ShieldCheck } from "lucide-react";
import { Suspense, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { ApiError } from "@/lib/api-client";
import { lazyPart } from "@/lib/lazy-part";
import { errorText } from "@/lib/problem-text";
import { toast } from "@/lib/toast";
import { cn } from "@/lib/utils";
import { useBox } from "../api/get-box";
import { useOpenings } from "../api/get-openings";
import { useOpenBox } from "../api/open-box";
import { fairnessHref } from "../lib/web-fairness";
import { ItemArt, RarityPill } from "./item-art";

// Neither is needed to paint the card (ADR 076): the seed's form (react-hook-form, zod) loads
// when the member edits the seed, the reveal dialog (Radix Dialog) when a box is opened.
const ClientSeedForm = lazyPart(() =>
  import("./client-seed-form").then((module) => module.ClientSeedForm),
);
const RevealDialog = lazyPart(() =>
  import("./reveal-dialog").then((module) => module.RevealDialog),
);

/** How long the opening animation plays at least (none when motion is reduced). */
const OPENING_MS = 1_800;

function prefersReducedMotion(): boolean {
  return (
    typeof window !== "undefined" &&
    typeof window.matchMedia === "function" &&
    window.matchMedia("(prefers-reduced-motion: reduce)").matches
  );
}

/**
 * The Mystery Box card: idle → opening (the box shakes and glows while the server rolls) →
 * the reveal dialog. Shows the committed hash of the next server seed, the client seed (the
 * member may change it) and the nonce, and the latest openings with a link to verify each.
 */
export function MysteryBoxCard() {
  const { t } = useTranslation("box");
  const headingId = useId();
  const box = useBox();
  const openings = useOpenings();
  const open = useOpenBox();
  const [phase, setPhase] = useState<"idle" | "opening">("idle");
  const [revealed, setRevealed] = useState<TBoxOpening | null>(null);
  const [editingSeed, setEditingSeed] = useState(false);
  // Once a box was opened, the reveal dialog stays mounted (closed between openings).
  const [revealUsed, setRevealUsed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => (timer.current ? clearTimeout(timer.current) : undefined), []);
  const cost = MYSTERY_BOX.costViews.toString();
  const commitment = box.data?.commitment;

  function start() {
    RevealDialog.preload().catch(() => {});
    setRevealUsed(true);
    const startedAt = Date.now();
    const minimum = prefersReducedMotion() ? 0 : OPENING_MS;
    const accepted = open.mutate(null, {
      onSuccess: (result) => {
        const wait = Math.max(0, minimum - (Date.now() - startedAt));
        timer.current = setTimeout(() => {
          setPhase("idle");
          setRevealed(result.opening);
        }, wait);
      },
      onError: (error) => {
        setPhase("idle");
        const insufficient = error instanceof ApiError && error.code === "INSUFFICIENT_BALANCE";
        toast.error(insufficient ? t("card.insufficientTitle") : t("card.failed"), {
          description: errorText(t, error, "") || undefined,
        });
      },
    });
    if (accepted !== false) setPhase("opening");
  }

  const busy = phase === "opening" || open.isPending;
  return (
    <Card role="region" aria-labelledby={headingId} className="overflow-hidden">
      <CardContent className="grid gap-5 p-6">
        <div className="flex flex-col items-center gap-5 sm:flex-row sm:items-start">
          <div className="relative flex size-28 shrink-0 items-center justify-center">
            <span role="status" className="sr-only">
              {busy ? t("card.openingLabel") : ""}
            </span>
            <span
              aria-hidden="true"
              className={cn(
                "absolute inset-0 rounded-full bg-linear-to-br from-brand-from to-brand-to opacity-30 blur-xl",
                busy && "motion-safe:animate-box-glow",
              )}
            />
            <span
              aria-hidden="true"
              className={cn(
                "relative flex size-24 items-center justify-center rounded-3xl bg-linear-to-br from-brand-from to-brand-to text-white shadow-lg dark:text-slate-950",
                busy && "motion-safe:animate-box-shake",
              )}
            >
              <Gift className="size-12" strokeWidth={1.75} />
            </span>
          </div>
          <div className="grid w-full gap-2 text-center sm:text-left">
            <h2
              id={headingId}
              className="flex items-center justify-center gap-2 text-lg font-semibold sm:justify-start"
            >
              <Gift aria-hidden="true" className="size-5 text-primary" />
              {t("card.title")}
            </h2>
            <p className="text-sm text-muted-foreground">{t("card.description", { cost })}</p>
            <p className="text-xs text-muted-foreground">{t("card.rates", MYSTERY_BOX.rates)}</p>
            <div className="flex flex-wrap items-center justify-center gap-3 sm:justify-start">
              <Button variant="gradient" onClick={start} disabled={busy}>
                <Gift aria-hidden="true" />
                {busy ? t("card.opening") : t("card.open", { cost })}
              </Button>
              <Link
                to="/fairness"
                className="flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
              >
                <ShieldCheck aria-hidden="true" className="size-4" />
                {t("card.fairness")}
              </Link>
            </div>
          </div>
        </div>

        {commitment ? (
          <div className="grid gap-2 rounded-lg border border-border bg-muted/40 p-3 text-xs">
            <dl className="grid gap-0.5">
              <dt className="text-muted-foreground">{t("card.commitment")}</dt>
              <dd className="font-mono break-all" data-testid="box-commitment">
                {commitment.serverSeedHash}
              </dd>
            </dl>
            {editingSeed ? (
              <Suspense fallback={null}>
                <ClientSeedForm
                  current={commitment.clientSeed}
                  onDone={() => setEditingSeed(false)}
                />
              </Suspense>
            ) : (
              <div className="flex flex-wrap items-end justify-between gap-2">
                <dl className="flex flex-wrap items-end gap-x-6 gap-y-2">
                  <div className="grid gap-0.5">
                    <dt className="text-muted-foreground">{t("card.clientSeed")}</dt>
                    <dd className="font-mono break-all" data-testid="box-client-seed">
                      {commitment.clientSeed}
                    </dd>
                  </div>
                  <div className="grid gap-0.5">
                    <dt className="text-muted-foreground">{t("card.nonce")}</dt>
                    <dd className="font-mono" data-testid="box-nonce">
                      {commitment.nonce}
                    </dd>
                  </div>
                </dl>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => setEditingSeed(true)}
                  disabled={busy}
                >
                  <Pencil aria-hidden="true" />
                  {t("card.editSeed")}
                </Button>
              </div>
            )}
          </div>
        ) : null}

        {openings.data?.openings.length ? (
          <div className="grid gap-2">
            <h3 className="text-sm font-semibold">{t("card.history")}</h3>
            <ul className="grid gap-2" aria-label={t("card.history")}>
              {openings.data.openings.map((o) => (
                <li key={o.id} className="flex items-center gap-3">
                  <ItemArt itemId={o.itemId} rarity={o.rarity} size="sm" />
                  <span className="min-w-0 flex-1 truncate text-sm font-medium">
                    {t(`items.${o.itemId}.name`)}
                  </span>
                  <RarityPill rarity={o.rarity} label={t(`rarity.${o.rarity}`)} />
                  <Link
                    to={fairnessHref(o)}
                    className="text-xs font-medium text-primary underline-offset-4 hover:underline"
                    aria-label={`${t("card.verifyRoll")} · ${t(`items.${o.itemId}.name`)} · ${t("card.nonce")} ${o.nonce}`}
                  >
                    {t("card.verifyRoll")}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </CardContent>
      {revealUsed ? (
        <Suspense fallback={null}>
          <RevealDialog opening={revealed} onClose={() => setRevealed(null)} />
        </Suspense>
      ) : null}
    </Card>
  );
}
