/**
 * One CSV cell: a text a spreadsheet would run as a formula (=, +, -, @, or a tab or carriage return
 * first) is prefixed with a quote; a cell with a comma, quote or line break is quoted, quotes doubled.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One CSV line of cells, each made safe by csvCell. */
export const csvLine = (cells: string[]) => cells.map(csvCell).join(',');
