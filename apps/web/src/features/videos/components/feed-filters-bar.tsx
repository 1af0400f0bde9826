import { FEED_SORTS, type FeedSort } from "@viewvault/shared";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { NativeSelect } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { COUNTRY_FILTERS, type FeedFilters, THEME_FILTERS } from "../feed-filters";

/** Country and theme filters, each with ALL, and the order (newest or most watched first). */
export function FeedFiltersBar({
  filters,
  onChange,
  sort,
  onSortChange,
}: {
  filters: FeedFilters;
  onChange: (next: Partial<FeedFilters>) => void;
  sort: FeedSort;
  onSortChange: (next: FeedSort) => void;
}) {
  const { t } = useTranslation("videos");
  const countryId = useId();
  const themeId = useId();
  const sortId = useId();
  return (
    <fieldset className="grid gap-3 sm:grid-cols-3 lg:max-w-3xl">
      <legend className="sr-only">{t("feed.filters")}</legend>
      <div className="grid gap-1.5">
        <Label htmlFor={countryId}>{t("feed.country")}</Label>
        <NativeSelect
          id={countryId}
          value={filters.country}
          onChange={(e) => onChange({ country: e.target.value as FeedFilters["country"] })}
        >
          {COUNTRY_FILTERS.map((c) => (
            <option key={c} value={c}>
              {t(`countries.${c}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={themeId}>{t("feed.theme")}</Label>
        <NativeSelect
          id={themeId}
          value={filters.theme}
          onChange={(e) => onChange({ theme: e.target.value as FeedFilters["theme"] })}
        >
          {THEME_FILTERS.map((th) => (
            <option key={th} value={th}>
              {t(`themes.${th}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={sortId}>{t("feed.sort")}</Label>
        <NativeSelect
          id={sortId}
          value={sort}
          onChange={(e) => onSortChange(e.target.value as FeedSort)}
        >
          {FEED_SORTS.map((s) => (
            <option key={s} value={s}>
              {t(`feed.sorts.${s}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
    </fieldset>
  );
}
