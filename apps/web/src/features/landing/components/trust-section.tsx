import { ArrowRight, BookCheck, FileCheck2, HandCoins, LockKeyhole } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { SectionHeading } from "./section-heading";

const ITEMS = [
  { id: "ledger", icon: BookCheck, to: "/transparency" },
  { id: "withdrawals", icon: HandCoins, to: "/withdraw-policy" },
  { id: "policies", icon: FileCheck2, to: "/terms-of-use" },
  { id: "security", icon: LockKeyhole, to: "/security" },
] as const;

export function TrustSection() {
  const { t } = useTranslation("landing");
  return (
    <section
      id="trust"
      aria-labelledby="trust-title"
      className="border-t bg-muted/30 py-16 sm:py-24"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading
          id="trust-title"
          eyebrow={t("trust.eyebrow")}
          title={t("trust.title")}
          subtitle={t("trust.subtitle")}
        />
        <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {ITEMS.map(({ id, icon: Icon, to }) => (
            <li key={id} className="flex flex-col rounded-xl border bg-card p-6 shadow-sm">
              <Icon aria-hidden="true" className="size-7 text-success" />
              <h3 className="mt-4 font-semibold">{t(`trust.items.${id}.title`)}</h3>
              <p className="mt-2 flex-1 text-sm leading-relaxed text-muted-foreground">
                {t(`trust.items.${id}.description`)}
              </p>
              <Link
                to={to}
                className="mt-4 inline-flex items-center gap-1 self-start rounded-sm text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
              >
                {t("trust.learnMore")}
                <span className="sr-only">: {t(`trust.items.${id}.title`)}</span>
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
