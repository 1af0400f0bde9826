import { ShieldCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { FairnessExplainer } from "@/features/box/components/fairness-explainer";
import { FairnessVerifier } from "@/features/box/components/fairness-verifier";
import { useDocumentMeta } from "@/lib/use-document-meta";

/** /fairness (public): how a box result is decided, and a verifier that recomputes any opening. */
export function FairnessPage() {
  const { t } = useTranslation("box");
  const [params] = useSearchParams();
  useDocumentMeta(t("fairness.meta.title"));
  const initial = {
    serverSeed: params.get("serverSeed") ?? undefined,
    serverSeedHash: params.get("serverSeedHash") ?? undefined,
    clientSeed: params.get("clientSeed") ?? undefined,
    nonce: params.get("nonce") ?? undefined,
  };
  return (
    <div className="mx-auto grid max-w-3xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-8 sm:px-6 sm:py-10">
      <header className="grid gap-2">
        <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight sm:text-3xl">
          <ShieldCheck aria-hidden="true" className="size-7 text-primary" />
          {t("fairness.title")}
        </h1>
        <p className="text-muted-foreground">{t("fairness.intro")}</p>
      </header>
      <FairnessVerifier initial={initial} />
      <FairnessExplainer />
    </div>
  );
}
