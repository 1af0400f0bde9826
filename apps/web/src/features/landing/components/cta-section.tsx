import { PRODUCT_NAME } from "@viewvault/shared";
import { ArrowRight, LifeBuoy } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";

const LINKS = [
  ["/whitepaper", "cta.links.whitepaper"],
  ["/privacy-policy", "cta.links.privacy"],
  ["/terms-of-use", "cta.links.terms"],
  ["/about-us", "cta.links.about"],
  ["/support", "cta.links.support"],
] as const;

export function CtaSection() {
  const { t } = useTranslation("landing");
  return (
    <section aria-labelledby="cta-title" className="py-16 sm:py-24">
      <div className="mx-auto max-w-5xl px-4 sm:px-6">
        <div className="relative isolate overflow-hidden rounded-2xl bg-linear-to-br from-brand-from to-brand-to px-6 py-12 text-center text-white shadow-xl sm:px-12 sm:py-16">
          <div
            aria-hidden="true"
            className="absolute -top-24 -right-24 -z-10 size-72 rounded-full bg-white/10 blur-2xl"
          />
          <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            {t("cta.title")}
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-base text-pretty text-white/90 sm:text-lg">
            {t("cta.description", { product: PRODUCT_NAME })}
          </p>
          <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
            <Button
              asChild
              size="lg"
              className="bg-white text-slate-900 shadow-lg hover:bg-white/90 focus-visible:ring-white"
            >
              <Link to="/auth">
                {t("cta.button")}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button
              asChild
              size="lg"
              variant="outline"
              className="border-white/50 bg-transparent text-white hover:bg-white/10 hover:text-white"
            >
              <Link to="/support">
                <LifeBuoy aria-hidden="true" />
                {t("cta.support")}
              </Link>
            </Button>
          </div>
        </div>
        <nav aria-label={t("cta.linksLabel", { product: PRODUCT_NAME })} className="mt-8">
          <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm">
            {LINKS.map(([to, key]) => (
              <li key={to}>
                <Link
                  to={to}
                  className="rounded-sm text-muted-foreground underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {t(key)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </section>
  );
}
