import { createEventBus, listModerators, recomputeReputation, setUserRole } from '@app/api';
import { closeDatabase, openDatabase, type Db, type DbRuntime } from '@app/db';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { databaseUrlFrom } from './config';

/**
 * `npm run admin -- <command> …` (and `qa-server admin <command> …`): what only someone at the
 * server's command line may do. Each command is one row of ADMIN_COMMANDS; a new one (such as
 * recompute-reputation) is a new row.
 */
export interface AdminCommand {
  /** Its arguments, for the usage text: `<username>`. */
  args: string;
  summary: string;
  /** How many arguments it takes. */
  arity: number;
  /** Does the work; answers the sentence to print, or throws an AdminError. */
  run(db: Db, args: string[]): Promise<string>;
}

/** A refusal the command line prints as it is, exiting with 1. */
export class AdminError extends Error {}

async function changeRole(db: Db, username: string, role: 'moderator' | 'user'): Promise<string> {
  // The change goes through the outbox like any write: the running servers tell the user's pages.
  const events = await createEventBus(db);
  const result = await setUserRole({ db, events }, username, role).finally(() => events.close());
  if (!result) throw new AdminError(`There is no user named "${username}".`);
  const name = result.username;
  if (role === 'moderator')
    return result.changed ? `${name} is now a moderator.` : `${name} is already a moderator.`;
  return result.changed ? `${name} is no longer a moderator.` : `${name} was not a moderator.`;
}

export const ADMIN_COMMANDS: Record<string, AdminCommand> = {
  grant: {
    args: '<username>',
    summary: 'make the user a moderator',
    arity: 1,
    run: (db, [username = '']) => changeRole(db, username, 'moderator'),
  },
  revoke: {
    args: '<username>',
    summary: 'take the moderator role back',
    arity: 1,
    run: (db, [username = '']) => changeRole(db, username, 'user'),
  },
  'recompute-reputation': {
    args: '',
    summary: "recompute every user's reputation from the votes",
    arity: 0,
    async run(db) {
      const report = await recomputeReputation(db);
      if (report.changed.length === 0)
        return `Every reputation (${report.users}) matches the votes.`;
      return [
        `Recomputed ${report.users} reputations; ${report.changed.length} changed:`,
        ...report.changed.map(
          (change) => `  ${change.username}: ${change.before} → ${change.after}`,
        ),
      ].join('\n');
    },
  },
  list: {
    args: '',
    summary: 'list the moderators',
    arity: 0,
    async run(db) {
      const names = await listModerators(db);
      return names.length === 0 ? 'There are no moderators.' : `Moderators: ${names.join(', ')}.`;
    },
  },
};

export function adminUsage(program: string): string {
  const width = Math.max(
    ...Object.entries(ADMIN_COMMANDS).map(([name, c]) => `${name} ${c.args}`.length),
  );
  return [
    `Usage: ${program} <command>`,
    '',
    ...Object.entries(ADMIN_COMMANDS).map(
      ([name, command]) => `  ${`${name} ${command.args}`.padEnd(width)}  ${command.summary}`,
    ),
    '',
    'It works on the database the server would open: DATABASE_URL (PostgreSQL), else DATABASE_PATH',
    '(the SQLite file, data/app.db by default).',
  ].join('\n');
}

interface AdminIo {
  out(line: string): void;
  err(line: string): void;
}

/**
 * Runs one command line against the configured database; answers the exit code (0 done, 1
 * refused, 2 misused). `baseDir` is where a relative DATABASE_PATH starts.
 */
export async function runAdmin(
  argv: string[],
  env: NodeJS.ProcessEnv,
  baseDir: string,
  io: AdminIo,
  options: { program?: string; runtime?: DbRuntime } = {},
): Promise<number> {
  const program = options.program ?? 'npm run admin --';
  const [name, ...args] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    (name ? io.out : io.err)(adminUsage(program));
    return name ? 0 : 2;
  }
  const command = Object.hasOwn(ADMIN_COMMANDS, name) ? ADMIN_COMMANDS[name] : undefined;
  if (!command) {
    io.err(`Unknown command "${name}".\n${adminUsage(program)}`);
    return 2;
  }
  if (args.length !== command.arity) {
    io.err(`Usage: ${program} ${name} ${command.args}`.trimEnd());
    return 2;
  }
  let url: string | undefined;
  try {
    url = databaseUrlFrom(env.DATABASE_URL);
  } catch (error) {
    io.err((error as Error).message);
    return 2;
  }
  const path = resolve(baseDir, env.DATABASE_PATH ?? 'data/app.db');
  // A mistyped path would otherwise make (and migrate) an empty database.
  if (!url && !existsSync(path)) {
    io.err(
      `There is no database at ${path}: set DATABASE_PATH (or DATABASE_URL), or start the server once.`,
    );
    return 1;
  }
  // A few connections: a grant also goes through the outbox (its event bus reads while the write runs).
  const db = await openDatabase({ path, url, poolSize: 4, runtime: options.runtime });
  try {
    io.out(await command.run(db, args));
    return 0;
  } catch (error) {
    if (!(error instanceof AdminError)) throw error;
    io.err(error.message);
    return 1;
  } finally {
    await closeDatabase(db);
  }
}
