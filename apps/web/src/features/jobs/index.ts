// Entry file of features/jobs: other features import jobs only from here (scripts/check-deps.mjs).
export { JobsDashboardCard } from './dashboard-jobs-card.tsx';
export { firstName } from './format.ts';
