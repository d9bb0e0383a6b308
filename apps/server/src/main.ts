import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './ops/config';
import { run } from './run';

// The checkout's root: this file sits two folders below it, in src/ and, bundled, in dist/.
const checkout = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

await run(() => loadConfig(process.env, checkout));
