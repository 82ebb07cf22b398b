/**
 * Spreadsheet programs run a cell that starts like a formula. The datasets hold codes and numbers
 * (cancellations count reason codes, not the canceller's words), so this guards a text column added later.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** RFC 4180 CSV: the header row, then one row per line in the header's column order, CRLF line ends. */
export function toCsv(columns: readonly string[], lines: readonly object[]): string {
  const cells = (line: object) => columns.map((column) => csvCell((line as Record<string, unknown>)[column]));
  const rows = [columns.map(csvCell).join(','), ...lines.map((line) => cells(line).join(','))];
  return `${rows.join('\r\n')}\r\n`;
}
