import type { ReactNode } from 'react';

export interface Column<Row> {
  header: string;
  cell(row: Row): ReactNode;
  /** Numbers line up on the right. */
  numeric?: boolean;
}

/**
 * A chart's figures as a table: the accessible version of every chart. While `shown` is false it is
 * visually hidden but still read by screen readers; shown, it scrolls sideways on a narrow phone
 * inside a focusable region (so the keyboard can scroll it too).
 */
export function DataTable<Row>({ id, caption, columns, rows, shown, testId }: { id: string; caption: string; columns: Column<Row>[]; rows: readonly Row[]; shown: boolean; testId?: string }) {
  const table = (
    <table className="insight-table" data-testid={testId}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.header} scope="col" className={column.numeric ? 'insight-table__number' : undefined}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={index}>
            {columns.map((column, columnIndex) =>
              columnIndex === 0 ? (
                <th key={column.header} scope="row">
                  {column.cell(row)}
                </th>
              ) : (
                <td key={column.header} className={column.numeric ? 'insight-table__number' : undefined}>
                  {column.cell(row)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
  if (!shown) {
    return (
      <div id={id} className="visually-hidden">
        {table}
      </div>
    );
  }
  return (
    <div id={id} className="insight-table__scroll" role="region" aria-label={caption} tabIndex={0}>
      {table}
    </div>
  );
}
