/**
 * CSV of a chart's data, made in the browser from the JSON the dashboard already has (no endpoint).
 * Safe to open in a spreadsheet: a cell that would start a formula (=, +, -, @, tab, carriage
 * return) is prefixed with an apostrophe (OWASP "CSV injection"), and every cell with a comma, quote
 * or line break is quoted.
 */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | null | undefined;
}

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  // Numbers are data, not formulas: -12.5 stays a number a spreadsheet can sum.
  let text = typeof value === 'number' ? String(value) : value;
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Header line then one line per row, CRLF between lines (RFC 4180). */
export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  const lines = [columns.map((c) => csvCell(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(c.value(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** Saves `csv` as `filename` through a temporary link (a UTF-8 BOM so Excel reads GH₵ right). */
export function downloadCsv(filename: string, csv: string): void {
  const blob = new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: the download has started by then.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}
