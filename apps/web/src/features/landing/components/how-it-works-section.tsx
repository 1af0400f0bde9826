import { PlayCircle, TrendingUp, UserPlus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useFigures } from "@/lib/use-figures";
import { SectionHeading } from "./section-heading";

const STEPS = [
  { id: "signUp", icon: UserPlus },
  { id: "watch", icon: PlayCircle },
  { id: "grow", icon: TrendingUp },
] as const;

export function HowItWorksSection() {
  const { t } = useTranslation("landing");
  const figures = useFigures();
  return (
    <section
      id="how-it-works"
      aria-labelledby="how-title"
      className="border-t bg-muted/30 py-16 sm:py-24"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading
          id="how-title"
          eyebrow={t("how.eyebrow")}
          title={t("how.title")}
          subtitle={t("how.subtitle")}
        />
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          {STEPS.map(({ id, icon: Icon }, index) => (
            <li key={id} className="relative rounded-xl border bg-card p-6 shadow-sm">
              <div className="flex items-center gap-3">
                <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <span className="text-sm font-semibold text-primary">
                  {t("how.stepLabel", { number: index + 1 })}
                </span>
              </div>
              <h3 className="mt-4 text-lg font-semibold">{t(`how.steps.${id}.title`)}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">
                {t(`how.steps.${id}.description`, figures)}
              </p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
