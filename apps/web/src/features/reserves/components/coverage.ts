import { RESERVES } from "@viewvault/shared";

/** "98.75 %" in the locale's figures (basis points are hundredths of a percent). */
export function coveragePercent(basisPoints: number, locale: string): string {
  const number = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(basisPoints / 100);
  return `${number} %`;
}

/** Below 100 %: shown red, with the sentence that says so. */
export const isShort = (basisPoints: number | null) =>
  basisPoints !== null && basisPoints < RESERVES.fullCoverageBasisPoints;
