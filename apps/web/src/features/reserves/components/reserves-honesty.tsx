import { PRODUCT_NAME } from "@viewvault/shared";
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

/** What the proof shows and what it does not (ADR 068). */
export function ReservesHonesty() {
  const { t } = useTranslation("transparency");
  const list = (key: string) =>
    t(key, { returnObjects: true, product: PRODUCT_NAME }) as unknown as string[];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("reserves.honesty.title")}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm sm:grid-cols-2">
        {(["shows", "notShows"] as const).map((key) => (
          <section key={key} className="grid gap-2" aria-labelledby={`reserves-${key}`}>
            <h3 id={`reserves-${key}`} className="font-semibold">
              {t(`reserves.honesty.${key}Title`)}
            </h3>
            <ul className="grid list-disc gap-2 pl-5">
              {list(`reserves.honesty.${key}`).map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          </section>
        ))}
      </CardContent>
    </Card>
  );
}
