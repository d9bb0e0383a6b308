import type { TableCount } from './copy-stopped';

/** The counts as a table for a terminal: one line a table, a total, and the lines that differ marked. */
export function formatCounts(counts: TableCount[]): string {
  const total = (side: 'sqlite' | 'postgres') => counts.reduce((sum, each) => sum + each[side], 0);
  const rows = [
    ['table', 'SQLite', 'PostgreSQL', ''],
    ...counts.map((each) => [
      each.table,
      String(each.sqlite),
      String(each.postgres),
      each.sqlite === each.postgres ? '' : '← differs',
    ]),
    ['total', String(total('sqlite')), String(total('postgres')), ''],
  ];
  const width = (column: number) => Math.max(...rows.map((row) => (row[column] ?? '').length));
  return rows
    .map(([table = '', sqlite = '', postgres = '', mark = '']) =>
      [table.padEnd(width(0)), sqlite.padStart(width(1)), postgres.padStart(width(2)), mark]
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
