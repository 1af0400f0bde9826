import { PRODUCT_NAME } from "@viewvault/shared";
import { Landmark } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Spinner } from "@/components/ui/spinner";
import { useReserves } from "@/features/reserves/api/get-reserves";
import { InclusionCheck } from "@/features/reserves/components/inclusion-check";
import { ReservesHistory } from "@/features/reserves/components/reserves-history";
import { ReservesHonesty } from "@/features/reserves/components/reserves-honesty";
import { ReservesSummary } from "@/features/reserves/components/reserves-summary";
import { useAuth } from "@/lib/auth/auth-context";
import { useDocumentMeta } from "@/lib/use-document-meta";

/** /reserves (public): the proof of reserves; signed in, the member's own inclusion check. */
export function ReservesPage() {
  const { t } = useTranslation("transparency");
  const { user } = useAuth();
  const query = useReserves();
  useDocumentMeta(t("reserves.meta.title"));
  return (
    <div className="mx-auto grid max-w-3xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-8 sm:px-6 sm:py-10">
      <header className="grid gap-2">
        <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight sm:text-3xl">
          <Landmark aria-hidden="true" className="size-7 text-primary" />
          {t("reserves.title")}
        </h1>
        <p className="text-muted-foreground">{t("reserves.intro", { product: PRODUCT_NAME })}</p>
      </header>
      {query.isPending ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner className="size-4" />
          {t("reserves.loading")}
        </p>
      ) : query.isError ? (
        <p className="text-sm text-destructive" role="alert">
          {t("reserves.loadFailed")}
        </p>
      ) : query.data.latest ? (
        <>
          <ReservesSummary snapshot={query.data.latest} />
          <InclusionCheck snapshotId={query.data.latest.id} signedIn={user !== null} />
          <ReservesHonesty />
          <ReservesHistory history={query.data.history} />
        </>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">{t("reserves.none")}</p>
          <ReservesHonesty />
        </>
      )}
    </div>
  );
}
