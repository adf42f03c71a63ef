/** The height of every dashboard chart, also kept while it loads or when it has no data. */
export const CHART_HEIGHT = 260;
