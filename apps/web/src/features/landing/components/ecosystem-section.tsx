import { ArrowLeftRight, CalendarDays, Clapperboard, Store, Users, Wallet } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card } from "@/components/ui/card";
import { useFigures } from "@/lib/use-figures";
import { SectionHeading } from "./section-heading";

const ITEMS = [
  { id: "feed", icon: Clapperboard },
  { id: "swap", icon: ArrowLeftRight },
  { id: "marketplace", icon: Store },
  { id: "events", icon: CalendarDays },
  { id: "referrals", icon: Users },
  { id: "withdrawals", icon: Wallet },
] as const;

export function EcosystemSection() {
  const { t } = useTranslation("landing");
  const figures = useFigures();
  return (
    <section id="ecosystem" aria-labelledby="ecosystem-title" className="py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading
          id="ecosystem-title"
          eyebrow={t("ecosystem.eyebrow")}
          title={t("ecosystem.title")}
          subtitle={t("ecosystem.subtitle")}
        />
        <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {ITEMS.map(({ id, icon: Icon }) => (
            <li key={id}>
              <Card className="group h-full p-6 hover:shadow-md">
                <span className="flex size-11 items-center justify-center rounded-lg bg-linear-to-br from-brand-from/15 to-brand-to/15 text-primary ring-1 ring-primary/15">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <h3 className="mt-4 text-lg font-semibold">{t(`ecosystem.items.${id}.title`)}</h3>
                <p className="mt-2 text-sm leading-relaxed text-muted-foreground">
                  {t(`ecosystem.items.${id}.description`, figures)}
                </p>
              </Card>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
