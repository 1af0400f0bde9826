import { ArrowRight, Coins, Eye, Network, Sparkles, Store, Timer, Wallet } from "lucide-react";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useFigures } from "@/lib/use-figures";

const FLOW = [
  { id: "views", icon: Eye },
  { id: "credits", icon: Coins },
  { id: "market", icon: Store },
  { id: "withdrawals", icon: Wallet },
] as const;

const FACTS = [
  { id: "rate", icon: Coins },
  { id: "session", icon: Timer },
  { id: "networks", icon: Network },
] as const;

const SECTIONS = [
  ["home", "sectionNav.home"],
  ["how-it-works", "sectionNav.howItWorks"],
  ["ecosystem", "sectionNav.ecosystem"],
  ["trust", "sectionNav.trust"],
] as const;

export function HeroSection() {
  const { t } = useTranslation("landing");
  const figures = useFigures();
  return (
    <section id="home" aria-labelledby="hero-title" className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_20%_-10%,color-mix(in_oklch,var(--brand-from)_22%,transparent),transparent),radial-gradient(50rem_30rem_at_100%_10%,color-mix(in_oklch,var(--brand-to)_20%,transparent),transparent)]"
      />
      <div className="mx-auto max-w-7xl px-4 pt-8 pb-16 sm:px-6 sm:pt-10 lg:pb-24">
        <nav aria-label={t("sectionNav.label")} className="flex flex-wrap justify-center gap-2">
          {SECTIONS.map(([id, key]) => (
            <a
              key={id}
              href={`#${id}`}
              className="rounded-full border bg-background/60 px-3 py-1 text-xs font-medium text-muted-foreground backdrop-blur transition-colors outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
            >
              {t(key)}
            </a>
          ))}
        </nav>

        <div className="mx-auto mt-12 max-w-3xl text-center sm:mt-16">
          <Badge variant="brand" className="px-3 py-1">
            <Sparkles aria-hidden="true" />
            {t("hero.badge")}
          </Badge>
          <h1
            id="hero-title"
            className="mt-5 bg-linear-to-br from-foreground via-primary to-brand-to bg-clip-text text-4xl leading-[1.1] font-extrabold tracking-tight text-balance text-transparent sm:text-5xl lg:text-6xl"
          >
            {t("hero.title")}
          </h1>
          <p className="mt-4 text-lg font-medium text-pretty text-foreground/90 sm:text-xl">
            {t("hero.subtitle")}
          </p>
          <p className="mx-auto mt-4 max-w-2xl text-base text-pretty text-muted-foreground">
            {t("hero.description")}
          </p>
          <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
            <Button asChild variant="gradient" size="lg">
              <Link to="/auth">
                {t("hero.primaryCta")}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild variant="outline" size="lg">
              <Link to="/whitepaper">{t("hero.secondaryCta")}</Link>
            </Button>
          </div>
          <p className="mt-4 text-sm">
            <Link
              to="/auth"
              className="rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
            >
              {t("hero.signIn")}
            </Link>
          </p>
          <ul className="mt-6 flex flex-wrap justify-center gap-2">
            {FACTS.map(({ id, icon: Icon }) => (
              <li key={id}>
                <Badge
                  variant="outline"
                  className="bg-background/60 px-3 py-1 text-muted-foreground"
                >
                  <Icon aria-hidden="true" className="text-primary" />
                  {t(`hero.facts.${id}`, figures)}
                </Badge>
              </li>
            ))}
          </ul>
        </div>

        <div className="mx-auto mt-14 max-w-4xl">
          <h2 className="text-center">
            <span className="sr-only">{t("hero.flowLabel")}: </span>
            <span className="inline-block rounded-full border bg-background/70 px-4 py-1.5 font-mono text-xs font-semibold tracking-wide text-muted-foreground sm:text-sm">
              {t("hero.flowText")}
            </span>
          </h2>
          <ol className="mt-5 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-[1fr_auto_1fr_auto_1fr_auto_1fr] md:items-center">
            {FLOW.map(({ id, icon: Icon }, index) => (
              <Fragment key={id}>
                {index > 0 ? (
                  <li
                    aria-hidden="true"
                    className="hidden justify-center text-muted-foreground md:flex"
                  >
                    <ArrowRight className="size-5" />
                  </li>
                ) : null}
                <li className="rounded-xl border bg-card/80 p-4 text-center shadow-sm backdrop-blur">
                  <span className="mx-auto flex size-11 items-center justify-center rounded-lg bg-linear-to-br from-brand-from to-brand-to text-white shadow-md">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <span className="mt-3 block font-semibold">{t(`hero.flow.${id}`)}</span>
                  <span className="mt-1 block text-xs text-muted-foreground">
                    {t(`hero.flowHints.${id}`, figures)}
                  </span>
                </li>
              </Fragment>
            ))}
          </ol>
        </div>
      </div>
    </section>
  );
}
