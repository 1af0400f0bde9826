import { Histogram, type Registry } from "prom-client";

/** One row of the admin overview's field data. */
export interface WebVitalP75 {
  metric: string;
  route: string;
  lang: string;
  count: number;
  /** Seconds (CLS: unitless), interpolated within its bucket. */
  p75: number;
}

/** Bucket edges around web.dev's good / poor thresholds (INP 0.2/0.5, FCP 1.8/3, LCP 2.5/4 s). */
const VITAL_SECONDS_BUCKETS = [0.05, 0.1, 0.2, 0.3, 0.5, 0.8, 1, 1.3, 1.8, 2.5, 3, 4, 6, 10];
const VITAL_CLS_BUCKETS = [0.01, 0.02, 0.05, 0.1, 0.15, 0.25, 0.5, 1];

type HistogramValues = Awaited<ReturnType<Histogram["get"]>>["values"];
type Bucket = [number, number];

/** Groups a histogram's `_bucket` samples by label set (without `le`). */
function bucketsByLabels(values: HistogramValues) {
  const series = new Map<string, { labels: Record<string, unknown>; buckets: Bucket[] }>();
  for (const v of values) {
    if (!v.metricName?.endsWith("_bucket")) continue;
    const { le, ...labels } = v.labels as Record<string, unknown>;
    const key = JSON.stringify(labels);
    const entry = series.get(key) ?? { labels, buckets: [] };
    entry.buckets.push([le === "+Inf" ? Number.POSITIVE_INFINITY : Number(le), v.value]);
    series.set(key, entry);
  }
  return series.values();
}

/** The 75th percentile of sorted cumulative buckets (linear within the bucket). */
function p75OfBuckets(buckets: Bucket[], count: number): number {
  const target = 0.75 * count;
  let previous: Bucket = [0, 0];
  for (const bucket of buckets) {
    if (bucket[1] >= target) {
      const [upper, cumulative] = bucket;
      const within = cumulative - previous[1];
      return Number.isFinite(upper)
        ? previous[0] + (upper - previous[0]) * (within ? (target - previous[1]) / within : 1)
        : previous[0];
    }
    previous = bucket;
  }
  return 0;
}

/** p75 per label set from a histogram's cumulative buckets (linear within the bucket). */
function p75ByLabels(
  values: HistogramValues,
  metricOf: (labels: Record<string, unknown>) => string,
) {
  const rows: WebVitalP75[] = [];
  for (const { labels, buckets } of bucketsByLabels(values)) {
    buckets.sort((a, b) => a[0] - b[0]);
    const count = buckets.at(-1)?.[1] ?? 0;
    if (!count) continue;
    rows.push({
      metric: metricOf(labels),
      route: String(labels.route),
      lang: String(labels.lang),
      count,
      p75: p75OfBuckets(buckets, count),
    });
  }
  return rows;
}

/** The web-vital histograms (ADR 066) in a registry: observe one vital, read the p75s. */
export function createWebVitals(registry: Registry) {
  const vitalSeconds = new Histogram({
    name: "vv_web_vital_seconds",
    help: "Web vitals members' browsers measured (LCP, INP, FCP, TTFB) by route pattern and language",
    labelNames: ["metric", "route", "lang"],
    buckets: VITAL_SECONDS_BUCKETS,
    registers: [registry],
  });
  const vitalCls = new Histogram({
    name: "vv_web_vital_cls",
    help: "Cumulative layout shift members' browsers measured (unitless) by route pattern and language",
    labelNames: ["route", "lang"],
    buckets: VITAL_CLS_BUCKETS,
    registers: [registry],
  });
  return {
    observe({
      metric,
      route,
      lang,
      value,
    }: {
      metric: string;
      route: string;
      lang: string;
      value: number;
    }) {
      if (metric === "CLS") vitalCls.observe({ route, lang }, value);
      else vitalSeconds.observe({ metric, route, lang }, value);
    },
    async p75(): Promise<WebVitalP75[]> {
      return [
        ...p75ByLabels((await vitalSeconds.get()).values, (labels) => String(labels.metric)),
        ...p75ByLabels((await vitalCls.get()).values, () => "CLS"),
      ];
    },
  };
}
