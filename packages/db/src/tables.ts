import * as sqliteSchema from './schema';
import * as pgSchema from './schema-pg';

/**
 * Which database this process serves, chosen once at start: PostgreSQL when `DATABASE_URL` is a
 * postgres:// URL, else SQLite (a file, or memory in tests). A process never serves both.
 */
export type DatabaseKind = 'sqlite' | 'postgres';

export const isPostgresUrl = (url: string | undefined): url is string =>
  url !== undefined && /^postgres(ql)?:\/\//.test(url);

export const databaseKind: DatabaseKind = isPostgresUrl(process.env.DATABASE_URL)
  ? 'postgres'
  : 'sqlite';

// The one cast of the plan (docs/ARCHITECTURE.md › PostgreSQL): the services import their tables
// from here, typed as SQLite's. Drizzle's tables carry their dialect's column mapping, so on
// PostgreSQL they must be PostgreSQL's; test/schema-dialects.test.ts holds the two to the same
// tables, columns and row types.
const chosen = (databaseKind === 'postgres'
  ? pgSchema
  : sqliteSchema) as unknown as typeof sqliteSchema;

export const {
  answerRevisions,
  answerVotes,
  answers,
  broadcasts,
  chatMessages,
  chatParticipants,
  chats,
  closeVotes,
  comments,
  events,
  flags,
  gameCodeSnapshots,
  gameCodeUpdates,
  gamePlayers,
  games,
  globalMessages,
  leases,
  liveConnections,
  moderatorActions,
  notifications,
  problemDrafts,
  problemTestCases,
  problemVotes,
  problems,
  questionRevisions,
  questionTags,
  questionViews,
  questionVotes,
  questions,
  rateLimits,
  reputationChanges,
  sessions,
  socketSessions,
  submissions,
  tags,
  users,
} = chosen;

export { oneToOneKey, NOTIFICATION_KINDS } from './schema';
export type * from './schema';
