import { z } from 'zod';
import { CODE_MAX } from './problems';
import { charCount, cleanText } from './text';
import { MAX_BODY_BYTES } from './transport';

export const GAME_TYPES = ['Nim', 'CollabCode'] as const;
export type GameType = (typeof GAME_TYPES)[number];

/** SPEC §4: the statuses a game goes through (the state machines live in @app/games). */
export const GAME_STATUSES = ['WAITING_TO_START', 'IN_PROGRESS', 'OVER'] as const;
export type GameStatusValue = (typeof GAME_STATUSES)[number];

// SPEC §5 and §9
export const GAME_TITLE_MIN = 5;
/** Titles must be shorter than this (trimmed). */
export const GAME_TITLE_LIMIT = 25;
export const GAME_PASSWORD_MIN = 4;
export const GAME_PASSWORD_MAX = 256;
export const PLAYER_LIMIT_MIN = 2;
export const PLAYER_LIMIT_MAX = 20;
export const PLAYER_LIMIT_DEFAULT = 4;
/** Minutes. */
export const TIME_LIMIT_MIN = 5;
export const TIME_LIMIT_MAX = 240;
export const TIME_LIMIT_DEFAULT = 60;
// Nim: 21 objects, 1 to 3 per move; whoever takes the last one loses.
export const NIM_INITIAL_OBJECTS = 21;
export const NIM_MIN_TAKE = 1;
export const NIM_MAX_TAKE = 3;
/** A Nim game always has two seats. */
export const NIM_PLAYERS = 2;
/** Room in one request body around a code update's base64: the batch wrapper, the id, the keys. */
export const CODE_UPDATE_ENVELOPE_BYTES = 1024;
/**
 * One Yjs update of the shared editor, in bytes: the largest whose base64 (4 characters for every 3
 * bytes) still fits one request body with its envelope, so the limit can be reached at all.
 */
export const CODE_UPDATE_MAX_BYTES =
  Math.floor((MAX_BODY_BYTES - CODE_UPDATE_ENVELOPE_BYTES) / 4) * 3;
/**
 * What one update may cost the server. Yjs places a concurrent insert by scanning the items between
 * its neighbours, so a few thousand inserts from distinct client ids at one spot take seconds to
 * merge: an update carries few new items from few clients, and the items it would scan are counted
 * before it is applied (`CODE_UPDATE_MAX_STEPS`, a few milliseconds of work). Its deletions may
 * cover at most one pass over the document (`GAME_DOC_MAX_ITEMS`), so select-all-and-paste works.
 */
export const CODE_UPDATE_MAX_STRUCTS = 100;
export const CODE_UPDATE_MAX_CLIENTS = 4;
export const CODE_UPDATE_MAX_STEPS = 10_000;
/**
 * The shared document's bounds: its text (UTF-16 units, as the editor counts), the items and
 * client ids it holds, and its stored size (snapshot plus update log), so a room cannot hoard memory
 * or make a rebuild slow.
 */
export const GAME_DOC_MAX_CHARS = CODE_MAX;
export const GAME_DOC_MAX_ITEMS = 20_000;
export const GAME_DOC_MAX_CLIENTS = 500;
export const GAME_DOC_MAX_BYTES = 1024 * 1024;
/** One awareness (cursor + name) update, in bytes. */
export const PRESENCE_UPDATE_MAX_BYTES = 16 * 1024;
/**
 * The cursor colours of the shared editor (each dark enough for white name labels, 4.5:1 or better).
 * The server gives each player the one of their name; a client draws no other.
 */
export const PRESENCE_COLORS = [
  '#b8500a',
  '#0a63b3',
  '#2b6b41',
  '#8a1a9b',
  '#a3242a',
  '#5b4a9e',
  '#116644',
  '#8a5a00',
] as const;
/** The selection tint drawn under a cursor colour: the colour at 20% opacity. */
export const presenceTint = (color: string): string => `${color}33`;

/** A name's cursor colour: the same on every screen, always one of PRESENCE_COLORS. */
export function presenceColor(name: string): { color: string; colorLight: string } {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  const color = PRESENCE_COLORS[hash % PRESENCE_COLORS.length]!;
  return { color, colorLight: presenceTint(color) };
}

export const isPresenceColor = (color: unknown): color is string =>
  typeof color === 'string' && (PRESENCE_COLORS as readonly string[]).includes(color);
export const GAME_ID_MAX = 64;

export const gameMessages = {
  // SPEC §2 screens
  nimTitle: 'Nim Game',
  collabCodeTitle: 'Collaborative Coding',
  notStarted: 'Not started',
  statusPrefix: 'Status: ',
  status: (status: string) => `Status: ${status}`,
  /** 'No {type} games available'; with no type filter (All Games), 'No games available'. */
  noGames: (type?: GameType | null) => (type ? `No ${type} games available` : 'No games available'),
  enterPassword: 'Please enter room password:',
  selectGameType: 'Select Game Type',
  availableGames: 'Available Games',
  allGames: 'All Games',
  refreshList: 'Refresh List',
  createGame: 'Create Game',
  join: 'Join',
  leaveGame: 'Leave Game',
  submitMove: 'Submit Move',
  runTests: 'Run Tests',
  submit: 'Submit',
  cancel: 'Cancel',
  noStartTime: 'No Start Time',
  emptySolution: 'Empty solution',
  noWinner: 'No winner',
  // SPEC §5, game creation
  titleRequired: 'Game title is required',
  titleTooShort: `Game title must be at least ${GAME_TITLE_MIN} characters`,
  titleTooLong: `Game title must be less than ${GAME_TITLE_LIMIT} characters`,
  minPlayers: `Minimum ${PLAYER_LIMIT_MIN} players required`,
  maxPlayers: `Maximum ${PLAYER_LIMIT_MAX} players allowed`,
  playerLimitNotNumber: 'Player limit must be a number',
  playerLimitNotWhole: 'Player limit must be a whole number',
  minTime: `Minimum time limit is ${TIME_LIMIT_MIN} minutes`,
  maxTime: `Maximum time limit is ${TIME_LIMIT_MAX} minutes`,
  timeLimitNotNumber: 'Time limit must be a number',
  timeLimitNotWhole: 'Time limit must be a whole number of minutes',
  passwordTooShort: `Password must be at least ${GAME_PASSWORD_MIN} characters`,
  passwordTooLong: `Password cannot be more than ${GAME_PASSWORD_MAX} characters`,
  selectProblem: 'You must select a problem for the game',
  noFunctionSignature: 'No function signature given',
  noProblemId: 'No problem ID',
  // SPEC §8
  fetchGamesFailed: 'Error fetching games',
  incorrectPassword: 'Incorrect password for this game',
  joinPrivateFailed: 'Error joining private game',
  createCollabCodeFailed: 'Failed to create CollabCode game. Please try again.',
  createNimFailed: 'Failed to create Nim game. Please try again.',
  unknownGameType: 'Unknown game type',
  // Our own: refused moves and requests
  gameNotFound: 'Game not found',
  invalidGameId: 'Invalid game ID',
  notAPlayer: 'You are not a player in this game',
  alreadyJoined: 'You have already joined this game',
  notYourTurn: 'It is not your turn',
  /** A move sent for a board that has changed since (a retry after a timeout, or two tabs). */
  boardChanged: 'The game has moved on since you chose: look at the board and move again.',
  nimMoveRange: `You can take ${NIM_MIN_TAKE} to ${NIM_MAX_TAKE} objects`,
  /** Fewer objects remain than the player tried to take. */
  nimTooMany: (remaining: number) =>
    remaining === 1
      ? 'Only 1 object is left: you can take only 1'
      : `Only ${remaining} objects are left: you can take ${NIM_MIN_TAKE} to ${remaining}`,
  gameNotStarted: 'This game has not started yet',
  gameOver: 'This game is over',
  gameFull: 'This game is full',
  timeUp: 'Time is up',
  passwordRequired: 'This game is private: please enter its password',
  tooManyPasswordAttempts:
    'Too many wrong passwords for this game. Please wait a few minutes and try again.',
  /** A socket.io makeMove that is neither of SPEC §7's shapes. */
  moveUnreadable: 'That move cannot be understood.',
  /** A refused move whose error carries no sentence of its own. */
  moveRefused: 'That move is not allowed.',
  invalidUpdate: 'Invalid code update',
  updateTooLarge: 'This change is too large to send at once',
  /** An update that touches anything but the shared code text, or needs changes the server lacks. */
  updateNotCode: 'This change does not fit the shared code. Please reload the page.',
  /** The document reached its bounds of items, client ids or stored size (not of characters). */
  documentFull: 'The shared code of this game cannot take any more changes.',
  invalidPresence: 'Invalid cursor update',
  codeTooLong: `Code cannot be more than ${CODE_MAX.toLocaleString('en-US')} characters`,
  slowDown: 'You are running tests too fast. Please wait a few seconds and try again.',
  // Issue 24 (lichess habits): seats, results in plain words, rematches, the clock
  alreadyStarted: 'This game has already started',
  youWon: 'You won',
  youLost: 'You lost',
  playersWon: (winners: readonly string[]) => `${winners.join(', ')} won`,
  reasonResigned: (player: string) => `${player} resigned`,
  reasonLastObject: (player: string) => `${player} took the last object`,
  reasonSolved: 'all tests passed',
  reasonTimeUp: 'time is up',
  timeUpResults: (passed: number, total: number) =>
    `Time is up — ${passed} of ${total} tests passed`,
  finishedIn: (time: string) => `Finished in ${time}`,
  resignConfirm: 'Resign this game?',
  resignNim: 'Leaving now gives the game to the other player.',
  leaveCollabCode: 'Leaving now takes you out of the game; the others play on.',
  resign: 'Resign',
  leaveConfirm: 'Leave this game?',
  leave: 'Leave',
  open: 'Open',
  copyInvite: 'Copy invite link',
  inviteCopied: 'Invite link copied. Send it to the player you want to play.',
  inviteCopyFailed: 'The link could not be copied. Copy it from the address bar of the game.',
  showFinished: 'Show finished',
  yourGame: 'Your game',
  start: 'Start',
  waitingForPlayers: 'The clock starts when a second player joins, or when you press Start.',
  offerRematch: 'Offer rematch',
  acceptRematch: 'Accept rematch',
  declineRematch: 'Decline',
  rematchOffered: (by: string) => `${by} offers a rematch.`,
  rematchWaiting: 'Rematch offered. Waiting for the other player.',
  rematchDeclined: (by: string) => `${by} declined the rematch.`,
  openRematch: 'Go to the rematch',
  rematchNotOver: 'A rematch can be offered once the game is over',
  rematchTaken: 'A rematch has already been offered for this game',
  rematchGone: 'This rematch offer is no longer open',
  rematchOwnOffer: 'You cannot accept your own rematch offer',
} as const;

/** The winners of a finished game as shown in the room: their names, or 'No winner'. */
export const winnersText = (winners: readonly string[]): string =>
  winners.length > 0 ? winners.join(', ') : gameMessages.noWinner;

/** SPEC §2: the room's title by game type. */
export const gameTypeTitle = (type: GameType): string =>
  type === 'Nim' ? gameMessages.nimTitle : gameMessages.collabCodeTitle;

/** A game's title: cleaned like all user text, then 5 to fewer than 25 characters (SPEC §5). */
export const gameTitleSchema = z
  .string({ error: gameMessages.titleRequired })
  .overwrite(cleanText)
  .min(1, gameMessages.titleRequired)
  .refine((title) => title.length === 0 || charCount(title) >= GAME_TITLE_MIN, {
    message: gameMessages.titleTooShort,
  })
  .refine((title) => charCount(title) < GAME_TITLE_LIMIT, { message: gameMessages.titleTooLong });

/** A room password as typed: trimmed (SPEC §5), never longer than the login limit. */
const passwordText = z
  .string({ error: gameMessages.passwordTooShort })
  .trim()
  .max(GAME_PASSWORD_MAX, gameMessages.passwordTooLong);

const wholeNumber = (
  min: number,
  max: number,
  messages: { notNumber: string; notWhole: string; tooSmall: string; tooLarge: string },
) =>
  z
    .number({ error: messages.notNumber })
    .int(messages.notWhole)
    .min(min, messages.tooSmall)
    .max(max, messages.tooLarge);

export const playerLimitSchema = wholeNumber(PLAYER_LIMIT_MIN, PLAYER_LIMIT_MAX, {
  notNumber: gameMessages.playerLimitNotNumber,
  notWhole: gameMessages.playerLimitNotWhole,
  tooSmall: gameMessages.minPlayers,
  tooLarge: gameMessages.maxPlayers,
});

/** Minutes. */
export const timeLimitSchema = wholeNumber(TIME_LIMIT_MIN, TIME_LIMIT_MAX, {
  notNumber: gameMessages.timeLimitNotNumber,
  notWhole: gameMessages.timeLimitNotWhole,
  tooSmall: gameMessages.minTime,
  tooLarge: gameMessages.maxTime,
});

/**
 * A number field of a form as the schemas above read it: a blank or non-numeric field is NaN (so
 * it is 'not a number', never a silent 0).
 */
export function numberFromField(raw: string): number {
  const text = raw.trim();
  return text === '' ? Number.NaN : Number(text);
}

export const gameProblemIdSchema = z
  .number({ error: gameMessages.selectProblem })
  .int(gameMessages.noProblemId)
  .positive(gameMessages.noProblemId)
  .max(Number.MAX_SAFE_INTEGER, gameMessages.noProblemId);

/** Game ids are URL-safe text (the server makes them from random bytes). */
export const gameIdSchema = z
  .string({ error: gameMessages.invalidGameId })
  .regex(/^[A-Za-z0-9_-]+$/, gameMessages.invalidGameId)
  .max(GAME_ID_MAX, gameMessages.invalidGameId);

const privacyFields = {
  isPrivate: z.boolean().default(false),
  password: passwordText.optional(),
};

type Privacy = { isPrivate: boolean; password?: string | undefined };

/**
 * SPEC §5: a private game needs a password of at least 4 characters (trimmed). Checked even when
 * another field has a problem (zod would skip it), so the form shows every message at once.
 */
const checkPrivacy = z.superRefine<Privacy>(
  (value, ctx) => {
    if (value.isPrivate && charCount(value.password ?? '') < GAME_PASSWORD_MIN) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: gameMessages.passwordTooShort });
    }
  },
  {
    when: (payload) =>
      payload.issues.every(
        (issue) =>
          issue.path !== undefined &&
          issue.path.length > 0 &&
          !['isPrivate', 'password'].includes(String(issue.path[0])),
      ),
  },
);

/** A public game has no password, whatever the form still holds. */
const dropPublicPassword = <T extends Privacy>(value: T): T =>
  value.isPrivate ? value : { ...value, password: undefined };

/**
 * Creating a game seats its creator (issue 24) unless told not to: the original client (SPEC §7)
 * creates, then joins from the lobby.
 */
const seatCreatorField = { seatCreator: z.boolean().default(true) };

export const CreateNimGameInput = z
  .object({ title: gameTitleSchema, ...privacyFields, ...seatCreatorField })
  .check(checkPrivacy)
  .transform(dropPublicPassword);
export type CreateNimGameInput = z.input<typeof CreateNimGameInput>;
export type CreateNimGameData = z.output<typeof CreateNimGameInput>;

export const CreateCollabCodeGameInput = z
  .object({
    title: gameTitleSchema,
    ...privacyFields,
    playerLimit: playerLimitSchema.default(PLAYER_LIMIT_DEFAULT),
    timeLimit: timeLimitSchema.default(TIME_LIMIT_DEFAULT),
    problemId: gameProblemIdSchema,
    ...seatCreatorField,
  })
  .check(checkPrivacy)
  .transform(dropPublicPassword);
export type CreateCollabCodeGameInput = z.input<typeof CreateCollabCodeGameInput>;
export type CreateCollabCodeGameData = z.output<typeof CreateCollabCodeGameInput>;

export const GameIdInput = z.object({ id: gameIdSchema });
export type GameIdInput = z.infer<typeof GameIdInput>;

/** A private game's password is checked by the server; a public game ignores it. */
export const JoinGameInput = z.object({ id: gameIdSchema, password: passwordText.optional() });
export type JoinGameInput = z.infer<typeof JoinGameInput>;

export const VerifyGamePasswordInput = z.object({
  id: gameIdSchema,
  password: passwordText.min(1, gameMessages.incorrectPassword),
});
export type VerifyGamePasswordInput = z.infer<typeof VerifyGamePasswordInput>;

export const NimMoveInput = z.object({
  id: gameIdSchema,
  numObjects: z
    .number({ error: gameMessages.nimMoveRange })
    .int(gameMessages.nimMoveRange)
    .min(NIM_MIN_TAKE, gameMessages.nimMoveRange)
    .max(NIM_MAX_TAKE, gameMessages.nimMoveRange),
  /**
   * How many moves the mover saw made (the web sends it): a move sent again after a timeout, or
   * against a board that changed meanwhile, is refused instead of made twice or blind.
   */
  afterMoves: z.number().int().min(0).max(1000).optional(),
});
export type NimMoveInput = z.infer<typeof NimMoveInput>;

/** Standard base64 (btoa / Buffer), as the web encodes Yjs updates. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
/** The length of the base64 text of `bytes` bytes. */
export const base64Length = (bytes: number): number => Math.ceil(bytes / 3) * 4;

const base64Update = (maxBytes: number, messages: { invalid: string; tooLarge: string }) =>
  z
    .string({ error: messages.invalid })
    .min(1, messages.invalid)
    .max(base64Length(maxBytes), messages.tooLarge)
    .regex(BASE64, messages.invalid);

/** One Yjs update of the shared editor (base64). */
export const CodeUpdateInput = z.object({
  id: gameIdSchema,
  update: base64Update(CODE_UPDATE_MAX_BYTES, {
    invalid: gameMessages.invalidUpdate,
    tooLarge: gameMessages.updateTooLarge,
  }),
});
export type CodeUpdateInput = z.infer<typeof CodeUpdateInput>;

/** One awareness update (cursor + name), base64; never stored. */
export const PresenceInput = z.object({
  id: gameIdSchema,
  update: base64Update(PRESENCE_UPDATE_MAX_BYTES, {
    invalid: gameMessages.invalidPresence,
    tooLarge: gameMessages.invalidPresence,
  }),
});
export type PresenceInput = z.infer<typeof PresenceInput>;

/** SPEC §7's whole-text move (updatedCode): the new text of the editor, applied as a diff. */
export const SetGameCodeInput = z.object({
  id: gameIdSchema,
  code: z
    .string({ error: gameMessages.invalidUpdate })
    .refine((code) => charCount(code) <= CODE_MAX, gameMessages.codeTooLong),
});
export type SetGameCodeInput = z.infer<typeof SetGameCodeInput>;

export const ListGamesInput = z.object({
  gameType: z.enum(GAME_TYPES, { error: gameMessages.unknownGameType }).optional(),
  status: z.enum(GAME_STATUSES).optional(),
  /** false: finished games are left out (the lobby's default); absent: every game (SPEC §7). */
  showFinished: z.boolean().optional(),
});
export type ListGamesInput = z.infer<typeof ListGamesInput>;

export const GameRunTestsInput = z.object({ id: gameIdSchema });
export type GameRunTestsInput = z.infer<typeof GameRunTestsInput>;

/** Resumable subscriptions: the lobby (every game) and one room. */
export const GameLobbyEventsInput = z.object({ lastEventId: z.string().max(32).nullish() });
export type GameLobbyEventsInput = z.infer<typeof GameLobbyEventsInput>;
export const GameRoomEventsInput = z.object({
  id: gameIdSchema,
  lastEventId: z.string().max(32).nullish(),
});
export type GameRoomEventsInput = z.infer<typeof GameRoomEventsInput>;

/** A rematch offer's answer. */
export const AnswerRematchInput = z.object({ id: gameIdSchema, accept: z.boolean() });
export type AnswerRematchInput = z.infer<typeof AnswerRematchInput>;

/** A user's play on their profile. */
export const PlayStatsInput = z.object({ username: z.string().min(1).max(64) });
export type PlayStatsInput = z.infer<typeof PlayStatsInput>;
