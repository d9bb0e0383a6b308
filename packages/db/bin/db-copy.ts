// `npm run db:copy -- --from data/app.db --to postgres://…`: moves a whole SQLite site into an empty
// PostgreSQL database (packages/db/src/copy). Paths are read from where the command runs (npm runs
// root scripts at the repository root).
import { parseArgs } from 'node:util';
import { copySqliteToPg } from '../src/copy/copy-site';
import { CopyStopped } from '../src/copy/copy-stopped';
import { formatCounts } from '../src/copy/count-table';

const USAGE =
  'usage: npm run db:copy -- --from <sqlite file> --to postgres://user@host:port/database';

function readArgs(): { from: string; to: string } {
  try {
    const { values } = parseArgs({
      options: { from: { type: 'string' }, to: { type: 'string' } },
      strict: true,
    });
    if (!values.from || !values.to) throw new Error('both --from and --to are needed');
    if (!/^postgres(ql)?:\/\//.test(values.to))
      throw new Error(`--to is a postgres:// URL, not ${values.to}`);
    return { from: values.from, to: values.to };
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
}

const { from, to } = readArgs();
const started = Date.now();
try {
  const report = await copySqliteToPg({ from, to, log: (line) => console.log(line) });
  console.log(`\n${formatCounts(report.counts)}\n`);
  const rows = report.counts.reduce((sum, each) => sum + each.postgres, 0);
  console.log(
    `Copied ${rows} rows in ${report.counts.length} tables in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
      `every table has as many rows in PostgreSQL as in SQLite. New rows continue after the copied ids ` +
      `(events after ${report.lastEventId}). ${from} is unchanged.`,
  );
} catch (error) {
  if (!(error instanceof CopyStopped)) throw error;
  if (error.counts) console.log(`\n${formatCounts(error.counts)}\n`);
  console.error(error.message);
  process.exitCode = 1;
}
