import { useTranslation } from "react-i18next";
import { CtaSection } from "@/features/landing/components/cta-section";
import { EcosystemSection } from "@/features/landing/components/ecosystem-section";
import { HeroSection } from "@/features/landing/components/hero-section";
import { HowItWorksSection } from "@/features/landing/components/how-it-works-section";
import { TrustSection } from "@/features/landing/components/trust-section";
import { useDocumentMeta } from "@/lib/use-document-meta";

export function LandingPage() {
  const { t } = useTranslation("landing");
  useDocumentMeta(t("meta.title"), t("meta.description"));
  return (
    <>
      <HeroSection />
      <HowItWorksSection />
      <EcosystemSection />
      <TrustSection />
      <CtaSection />
    </>
  );
}
