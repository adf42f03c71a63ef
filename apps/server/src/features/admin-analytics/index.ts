// Entry file of the admin-analytics feature: the only file other features (and the benchmark)
// import from it. (app.ts registers ./routes.ts directly; see docs/decisions/012-layering.md.)
export { experimentResults, experimentsStatement } from './experiments-query.ts';
export { funnelAnalytics, funnelStatement } from './funnel-query.ts';
export { type GhsPrices, marketplaceHealth, monthlyMinor } from './health-query.ts';
export { ANALYTICS_SETTINGS, runAnalytics } from './run-analytics.ts';
