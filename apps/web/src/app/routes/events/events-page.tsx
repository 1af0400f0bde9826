import { useTranslation } from "react-i18next";
import { AnnualEventCard } from "@/features/events/components/annual-event-card";
import { ComingSoonCard } from "@/features/events/components/coming-soon-card";
import { DailyClaimCard } from "@/features/events/components/daily-claim-card";
import { DailyWinnersCard } from "@/features/events/components/daily-winners-card";
import { useDocumentMeta } from "@/lib/use-document-meta";

/**
 * /events: the Daily First Claim and the annual event, the last 30 days' winners and "More
 * Events Coming Soon" (seed 2: no back button).
 */
export function EventsPage() {
  const { t } = useTranslation("events");
  useDocumentMeta(t("meta.title"));
  return (
    <div className="mx-auto grid max-w-5xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-8 sm:px-6 sm:py-10">
      <div className="grid gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("page.title")}</h1>
        <p className="text-muted-foreground">{t("page.subtitle")}</p>
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        <DailyClaimCard />
        <AnnualEventCard />
      </div>
      <DailyWinnersCard />
      <ComingSoonCard />
    </div>
  );
}
