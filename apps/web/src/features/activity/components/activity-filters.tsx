import { ACTIVITY_KINDS } from "@viewvault/shared";
import { Download } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { activityCsvHref, type ActivityFilters as Filters } from "../api/get-activity";

/** Currency and kind filters, and the CSV export of the same selection. */
export function ActivityFilters({
  filters,
  onChange,
}: {
  filters: Filters;
  onChange: (next: Filters) => void;
}) {
  const { t } = useTranslation("activity");
  const ids = useId();
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="grid min-w-36 flex-1 gap-2 sm:flex-none">
        <Label htmlFor={`${ids}-currency`}>{t("filters.currency")}</Label>
        <NativeSelect
          id={`${ids}-currency`}
          value={filters.currency ?? ""}
          onChange={(event) =>
            onChange({
              ...filters,
              currency: (event.target.value || undefined) as Filters["currency"],
            })
          }
        >
          <option value="">{t("filters.all")}</option>
          <option value="VIEWS">{t("filters.VIEWS")}</option>
          <option value="USDT">{t("filters.USDT")}</option>
        </NativeSelect>
      </div>
      <div className="grid min-w-44 flex-1 gap-2 sm:flex-none">
        <Label htmlFor={`${ids}-kind`}>{t("filters.kind")}</Label>
        <NativeSelect
          id={`${ids}-kind`}
          value={filters.kind ?? ""}
          onChange={(event) => onChange({ ...filters, kind: event.target.value || undefined })}
        >
          <option value="">{t("filters.all")}</option>
          {ACTIVITY_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`kinds.${kind}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button asChild variant="outline" className="w-full sm:ml-auto sm:w-auto">
        <a href={activityCsvHref(filters)} download>
          <Download aria-hidden="true" />
          {t("export")}
        </a>
      </Button>
    </div>
  );
}
