import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The checkout's root, where relative settings (DATABASE_PATH, WEB_DIST) are taken from. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
