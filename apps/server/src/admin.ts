// `npm run admin -- <command>` from the checkout: the commands of ops/admin.ts against the database
// the server would open (relative settings from the checkout's root, as main.ts takes them).
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runAdmin } from './ops/admin';

const checkout = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

process.exitCode = await runAdmin(process.argv.slice(2), process.env, checkout, {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
