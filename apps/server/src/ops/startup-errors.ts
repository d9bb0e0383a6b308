import { dirname } from 'node:path';

/** The file-system errors that mean a folder cannot be made or written. */
const FOLDER_ERRORS = new Set([
  'ENOTDIR',
  'EEXIST',
  'EACCES',
  'EPERM',
  'EROFS',
  'ENOENT',
  'EISDIR',
  'ENOSPC',
]);

interface SystemError {
  code?: unknown;
  syscall?: unknown;
  path?: unknown;
  port?: unknown;
  address?: unknown;
  message?: unknown;
}

const firstLine = (text: string) => text.split('\n', 1)[0]?.trim() ?? '';

/**
 * Why the server could not start, as the one sentence an operator reads on stderr (main.ts prints it
 * and exits 1, without a stack): a setting that is wrong (config.ts's own sentences), a database
 * folder that cannot be written, a database file that cannot be opened, a port in use.
 */
export function startupErrorSentence(
  error: unknown,
  where: { databasePath?: string; port?: number; host?: string } = {},
): string {
  const e = (typeof error === 'object' && error !== null ? error : {}) as SystemError;
  const code = typeof e.code === 'string' ? e.code : '';
  const message = firstLine(typeof e.message === 'string' ? e.message : String(error));
  const port = typeof e.port === 'number' ? e.port : where.port;
  const host = typeof e.address === 'string' ? e.address : where.host;

  if (e.syscall === 'listen') {
    if (code === 'EADDRINUSE')
      return `Port ${port} on ${host} is already in use; stop the program using it or set PORT to another port.`;
    if (code === 'EACCES')
      return `Port ${port} on ${host} needs privileges this process does not have; set PORT to 1024 or above.`;
    if (code === 'EADDRNOTAVAIL')
      return `HOST ${host} is not an address of this machine; set HOST to one of its addresses (or 0.0.0.0).`;
    return `The server could not listen on port ${port} of ${host} (${code || message}).`;
  }
  if (FOLDER_ERRORS.has(code)) {
    const folder = where.databasePath
      ? dirname(where.databasePath)
      : typeof e.path === 'string'
        ? e.path
        : 'the data folder';
    return `The database folder ${folder} cannot be created or written (${code}); set DATABASE_PATH to a file in a writable folder.`;
  }
  if (code.startsWith('SQLITE_')) {
    const file = where.databasePath ?? 'DATABASE_PATH';
    if (code === 'SQLITE_NOTADB')
      return `The file ${file} is not a SQLite database; set DATABASE_PATH to another file.`;
    return `The database ${file} cannot be opened (${code}: ${message}); set DATABASE_PATH to a file in a writable folder.`;
  }
  // config.ts's own refusals are already one sentence about one setting.
  return code ? `The server could not start (${code}: ${message}).` : message;
}
