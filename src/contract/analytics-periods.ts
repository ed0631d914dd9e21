/** The dashboard's periods (spec section 2), without zod: the dashboard loads these at first. */
export const ANALYTICS_PERIODS = ["7d", "30d", "90d"] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

/** Days in each period. */
export const PERIOD_DAYS: Record<AnalyticsPeriod, number> = { "7d": 7, "30d": 30, "90d": 90 };

/** The period select's labels (spec section 2), in the order the spec lists them. */
export const PERIOD_LABELS: Record<AnalyticsPeriod, string> = {
  "30d": "Last 30 days",
  "7d": "Last 7 days",
  "90d": "Last 90 days",
};
