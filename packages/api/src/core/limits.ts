import {
  authMessages,
  connectionMessages,
  gameMessages,
  limitMessages,
  messagingMessages,
  problemMessages,
} from '@app/validators';

/**
 * Every rate limit and connection cap of the site, with the reason for its number. Each one is a
 * setting (README: RATE_LIMIT_<KIND> and CAP_<KIND>); load tests and end-to-end suites raise them.
 * Per-user limits on writes are applied in one place, the write procedures' middleware (trpc.ts:
 * limitedProcedure), so every door (tRPC, REST, socket.io) gets them; the few noted below are
 * counted inside their service because the service decides what counts (a login that failed, a run
 * that reached the sandbox).
 */

/** A limit: at most `max` attempts per key in a window of `windowMs`. */
export interface RateLimit {
  max: number;
  windowMs: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

interface RateLimitRow extends RateLimit {
  /** What the key is: the signed-in user, the client's address, a username, … */
  per: string;
  /** Where it is counted: the procedure's middleware (limitedProcedure), or inside its service. */
  counted: 'procedure' | 'service';
  /** What the client is told (TOO_MANY_REQUESTS / 429). */
  message: string;
  /** Why this number: what a real person does, and what it stops. */
  reason: string;
}

export const RATE_LIMIT_TABLE = {
  signups: {
    max: 10,
    windowMs: HOUR,
    per: 'address',
    counted: 'procedure',
    message: limitMessages.signups,
    reason:
      'a person makes one account; an office or school behind one address still gets several an hour, a script making hundreds a minute does not',
  },
  loginByUsernameAndAddress: {
    max: 5,
    windowMs: 15 * MINUTE,
    per: 'username and address',
    counted: 'service',
    message: authMessages.tooManyAttempts,
    reason:
      'five wrong passwords pause that account from that address only, so an attacker cannot lock the real user out (domains/users/auth.ts)',
  },
  loginByUsername: {
    max: 50,
    windowMs: HOUR,
    per: 'username',
    counted: 'service',
    message: authMessages.tooManyAttempts,
    reason:
      'a slower ceiling: an attack spread over many addresses gets 50 guesses an hour, and only such an attack can keep the real user out (domains/users/auth.ts)',
  },
  loginByAddress: {
    max: 30,
    windowMs: 15 * MINUTE,
    per: 'address',
    counted: 'service',
    message: authMessages.tooManyAttempts,
    reason: 'one machine guessing passwords across many accounts (domains/users/auth.ts)',
  },
  questions: {
    max: 10,
    windowMs: HOUR,
    per: 'user',
    counted: 'service',
    message: limitMessages.questions,
    reason:
      'a real person asks a few questions a day; 1,501 in 10 s was a script (counted in domains/questions/post-limits.ts, after the send-key check)',
  },
  answers: {
    max: 30,
    windowMs: HOUR,
    per: 'user',
    counted: 'service',
    message: limitMessages.answers,
    reason:
      'an answer takes thought: 30 an hour is more than a busy expert writes (counted in domains/questions/post-limits.ts, after the send-key check)',
  },
  comments: {
    max: 60,
    windowMs: HOUR,
    per: 'user',
    counted: 'service',
    message: limitMessages.comments,
    reason:
      'comments are short replies in a discussion: one a minute, sustained, is a lot (counted in domains/questions/post-limits.ts, after the send-key check)',
  },
  edits: {
    max: 60,
    windowMs: HOUR,
    per: 'user',
    counted: 'procedure',
    message: limitMessages.edits,
    reason:
      'fixing a post right after writing it is common; every edit keeps a revision and reaches every reader',
  },
  votes: {
    max: 60,
    windowMs: 10 * MINUTE,
    per: 'user',
    counted: 'procedure',
    message: limitMessages.votes,
    reason: 'a click while reading, but a script flipping votes floods every reader’s live updates',
  },
  views: {
    max: 120,
    windowMs: MINUTE,
    per: 'user',
    counted: 'procedure',
    message: limitMessages.views,
    reason:
      'opening a question records a view (once per user); only a script opens two pages a second',
  },
  biographies: {
    max: 20,
    windowMs: HOUR,
    per: 'user',
    counted: 'procedure',
    message: limitMessages.biographies,
    reason: 'a profile is edited now and then; each change is broadcast to every users list',
  },
  passwordResets: {
    max: 5,
    windowMs: HOUR,
    per: 'user',
    counted: 'procedure',
    message: limitMessages.passwordResets,
    reason: 'changing one’s password is rare, and each change costs a deliberately slow hash',
  },
  newTags: {
    max: 20,
    windowMs: HOUR,
    per: 'user',
    counted: 'procedure',
    message: limitMessages.newTags,
    reason: 'every new tag joins everyone’s tag list: a person introduces a few',
  },
  messages: {
    max: 10,
    windowMs: 10 * SECOND,
    per: 'user',
    counted: 'service',
    message: messagingMessages.slowDown,
    reason:
      'a fast typist in a lively chat sends one every second or two (counted in domains/messaging/message-rate-limit.ts; also MESSAGE_RATE_LIMIT)',
  },
  chats: {
    max: 20,
    windowMs: HOUR,
    per: 'user',
    counted: 'procedure',
    message: limitMessages.chats,
    reason: 'starting conversations with 20 people an hour is already a lot; more is spam',
  },
  chatParticipants: {
    max: 30,
    windowMs: HOUR,
    per: 'user',
    counted: 'procedure',
    message: limitMessages.chatParticipants,
    reason: 'adding people to chats is like starting chats with them',
  },
  chatReads: {
    max: 300,
    windowMs: MINUTE,
    per: 'user',
    counted: 'procedure',
    message: limitMessages.chatReads,
    reason:
      'an open chat marks itself read as messages arrive: a busy chat of many senders stays well under five a second',
  },
  games: {
    max: 10,
    windowMs: 10 * MINUTE,
    per: 'user',
    counted: 'procedure',
    message: limitMessages.games,
    reason: 'a player opens a game or two at a time; every new game fills everyone’s lobby',
  },
  gameSeats: {
    max: 60,
    windowMs: MINUTE,
    per: 'user',
    counted: 'procedure',
    message: limitMessages.gameSeats,
    reason: 'joining and leaving rooms while looking around the lobby: one a second is plenty',
  },
  gameMoves: {
    max: 60,
    windowMs: MINUTE,
    per: 'user',
    counted: 'procedure',
    message: limitMessages.gameMoves,
    reason: 'a Nim move a second is faster than anyone plays; every move reaches the whole room',
  },
  codeEdits: {
    max: 1800,
    windowMs: MINUTE,
    per: 'user',
    counted: 'procedure',
    message: limitMessages.codeEdits,
    reason:
      'the editor sends merged changes at most every 50 ms (20 a second); 30 a second leaves room for retries',
  },
  presence: {
    max: 1800,
    windowMs: MINUTE,
    per: 'user',
    counted: 'procedure',
    message: limitMessages.presence,
    reason: 'the editor sends the cursor at most every 80 ms; 30 a second leaves room',
  },
  problems: {
    max: 10,
    windowMs: HOUR,
    per: 'user',
    counted: 'procedure',
    message: limitMessages.problems,
    reason:
      'writing a problem with its tests takes a while (each creation also counts as a test run)',
  },
  testRuns: {
    max: 20,
    windowMs: 10 * SECOND,
    per: 'user',
    counted: 'service',
    message: problemMessages.slowDown,
    reason:
      'each run holds a sandbox worker for up to seconds (counted in domains/problems/sandbox-runs.ts; also TEST_RUN_RATE_LIMIT)',
  },
  drafts: {
    max: 120,
    windowMs: MINUTE,
    per: 'user',
    counted: 'procedure',
    message: limitMessages.drafts,
    reason:
      'the attempt editor saves a second after the last key: a steady typist saves under one a second',
  },
  flags: {
    max: 30,
    windowMs: HOUR,
    per: 'user',
    counted: 'procedure',
    message: limitMessages.flags,
    reason:
      'a reader flags what they meet by chance, a few a day; a script flagging everything would hide good posts and bury the review queue',
  },
  gamePasswords: {
    max: 5,
    windowMs: MINUTE,
    per: 'user and game',
    counted: 'service',
    message: gameMessages.tooManyPasswordAttempts,
    reason:
      'whoever knows the password needs one try; a guesser gets five a minute at one room (counted in domains/games/game-membership.ts)',
  },
} as const satisfies Record<string, RateLimitRow>;

export type RateLimitKind = keyof typeof RATE_LIMIT_TABLE;
export const RATE_LIMIT_KINDS = Object.keys(RATE_LIMIT_TABLE) as RateLimitKind[];

/**
 * The limits on what one user (or address) writes: those limitedProcedure counts, and the posts'
 * (counted in their services, after the send-key check). Tests and load runs raise these.
 */
export const WRITE_LIMIT_KINDS: readonly RateLimitKind[] = RATE_LIMIT_KINDS.filter(
  (kind) =>
    RATE_LIMIT_TABLE[kind].counted === 'procedure' ||
    kind === 'questions' ||
    kind === 'answers' ||
    kind === 'comments',
);
export type RateLimits = Record<RateLimitKind, RateLimit>;

export const DEFAULT_RATE_LIMITS: RateLimits = Object.fromEntries(
  RATE_LIMIT_KINDS.map((kind) => {
    const { max, windowMs } = RATE_LIMIT_TABLE[kind];
    return [kind, { max, windowMs }];
  }),
) as RateLimits;

interface CapRow {
  value: number;
  /** WebSocket close code when refused: 1008 (policy: this client has too many) or 1013 (try again later). */
  closeCode: 1008 | 1013;
  /** The close reason (under 123 bytes). */
  message: string;
  reason: string;
}

/**
 * Live connections: tRPC WebSockets and socket.io connections count together. Enforced by
 * apps/server/src/connection-caps.ts (sockets) and trpc.ts (subscriptions per socket).
 */
export const CONNECTION_CAP_TABLE = {
  socketsPerSession: {
    value: 20,
    closeCode: 1008,
    message: connectionMessages.tooManyForSession,
    reason: 'the web app opens one socket per tab: twenty tabs of one sign-in is generous',
  },
  socketsPerAddress: {
    value: 100,
    closeCode: 1008,
    message: connectionMessages.tooManyForAddress,
    reason: 'a household or office shares one address; 2,000 sockets from one address was a script',
  },
  socketsTotal: {
    value: 10_000,
    closeCode: 1013,
    message: connectionMessages.serverBusy,
    reason:
      'beyond this one process’s memory and fan-out are the limit: refusing newcomers beats slowing everyone',
  },
  subscriptionsPerSocket: {
    value: 50,
    closeCode: 1008,
    message: connectionMessages.tooManySubscriptions,
    reason:
      'a page of the web app subscribes to fewer than ten streams; each open stream holds a bus listener',
  },
} as const satisfies Record<string, CapRow>;

export type ConnectionCapKind = keyof typeof CONNECTION_CAP_TABLE;
export const CONNECTION_CAP_KINDS = Object.keys(CONNECTION_CAP_TABLE) as ConnectionCapKind[];
export type ConnectionCaps = Record<ConnectionCapKind, number>;

export const DEFAULT_CONNECTION_CAPS: ConnectionCaps = Object.fromEntries(
  CONNECTION_CAP_KINDS.map((kind) => [kind, CONNECTION_CAP_TABLE[kind].value]),
) as ConnectionCaps;
