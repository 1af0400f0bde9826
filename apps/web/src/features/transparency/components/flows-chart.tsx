import type { TTransparency } from "@viewvault/shared";
import { useTranslation } from "react-i18next";
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";

const MICRO = 1_000_000;

/**
 * Daily issuance (views and USDT) and payouts (USDT) as bars and a line. Loaded on its own (the
 * chart library is only fetched by the transparency page). Numbers are converted to floats for
 * drawing only; the exact totals are printed beside the chart.
 */
export default function FlowsChart({ daily }: { daily: TTransparency["daily"] }) {
  const { t } = useTranslation("transparency");
  const data = daily.map((d) => ({
    day: d.day.slice(5),
    views: Number(d.issuedViews),
    usdt: Number(d.issuedUsdt) / MICRO,
    paid: Number(d.paidOutUsdt) / MICRO,
  }));
  return (
    <div className="h-72 w-full" aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart
          accessibilityLayer={false}
          data={data}
          margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
        >
          <CartesianGrid strokeDasharray="3 3" className="stroke-border" />
          <XAxis dataKey="day" tick={{ fontSize: 11 }} minTickGap={24} />
          <YAxis yAxisId="views" tick={{ fontSize: 11 }} width={48} />
          <YAxis yAxisId="usdt" orientation="right" tick={{ fontSize: 11 }} width={48} />
          <Tooltip />
          <Legend />
          <Bar yAxisId="views" dataKey="views" name={t("chartViews")} fill="#8b5cf6" />
          <Line
            yAxisId="usdt"
            dataKey="usdt"
            name={t("chartUsdt")}
            stroke="#10b981"
            dot={false}
            strokeWidth={2}
          />
          <Line
            yAxisId="usdt"
            dataKey="paid"
            name={t("chartPayouts")}
            stroke="#f59e0b"
            dot={false}
            strokeWidth={2}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
