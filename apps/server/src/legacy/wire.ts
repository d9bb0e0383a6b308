import type {
  GameView,
  ProblemDetail,
  SubmissionDetail,
  TestResultView,
  UserEvent,
} from '@app/api';

/**
 * The original client's wire format, shared by its two doors (the REST paths and socket.io), so that
 * both hand out one entity one way: SPEC §3 field names (`_id`, askedBy, upVotes …), ids as strings,
 * a private game's `password` as PRIVATE_GAME_MARK. Dates are Date objects here and ISO strings on
 * the wire: Express encodes REST answers, and socket.io its packets, with JSON.stringify. Pure
 * functions: no look-ups, no rules; whatever must be read first is read by the door.
 */

export interface UserIn {
  username: string;
  biography: string;
  dateJoined: Date;
}
export interface TagIn {
  id: number;
  name: string;
  description: string;
}
export interface CommentIn {
  id: number;
  text: string;
  commentBy: string;
  commentDateTime: Date;
}
export interface AnswerIn {
  id: number;
  text: string;
  ansBy: string;
  ansDateTime: Date;
  comments: CommentIn[];
}
export interface QuestionIn {
  id: number;
  title: string;
  text: string;
  tags: TagIn[];
  askedBy: string;
  askDateTime: Date;
  upVotes: string[];
  downVotes: string[];
  viewCount: number;
  comments: CommentIn[];
  answers: AnswerIn[];
}
export interface MessageIn {
  id: number;
  msg: string;
  msgFrom: string;
  msgDateTime: Date;
}
export interface ChatIn {
  id: number;
  participants: string[];
  createdAt: Date;
}

/** Only the public fields: never a password or its hash, whatever the input carries. */
export const wireUser = (user: UserIn) => ({
  username: user.username,
  biography: user.biography,
  dateJoined: user.dateJoined,
});

export const wireTag = (tag: TagIn) => ({
  _id: String(tag.id),
  name: tag.name,
  description: tag.description,
});

export const wireTagWithCount = (tag: TagIn & { qcnt: number }) => ({
  ...wireTag(tag),
  qcnt: tag.qcnt,
});

export const wireComment = (comment: CommentIn) => ({
  _id: String(comment.id),
  text: comment.text,
  commentBy: comment.commentBy,
  commentDateTime: comment.commentDateTime,
});

export const wireAnswer = (answer: AnswerIn) => ({
  _id: String(answer.id),
  text: answer.text,
  ansBy: answer.ansBy,
  ansDateTime: answer.ansDateTime,
  comments: answer.comments.map(wireComment),
});

/**
 * `views` is a list whose length is the count the client shows; who viewed is not published, so
 * each entry is an empty string.
 */
export const wireQuestion = (question: QuestionIn) => ({
  _id: String(question.id),
  title: question.title,
  text: question.text,
  tags: question.tags.map(wireTag),
  askedBy: question.askedBy,
  askDateTime: question.askDateTime,
  answers: question.answers.map(wireAnswer),
  upVotes: question.upVotes,
  downVotes: question.downVotes,
  views: Array.from({ length: question.viewCount }, () => ''),
  comments: question.comments.map(wireComment),
});

export const wireMessage = (message: MessageIn) => ({
  _id: String(message.id),
  msg: message.msg,
  msgFrom: message.msgFrom,
  msgDateTime: message.msgDateTime,
});

export const wireChat = (chat: ChatIn, messages: readonly MessageIn[]) => ({
  _id: String(chat.id),
  participants: chat.participants,
  messages: messages.map(wireMessage),
  createdAt: chat.createdAt,
});

/**
 * `JSON.stringify(wireChat(chat, messages))` as UTF-8 bytes, in pieces to be sent one after the
 * other, with the messages' JSON joined by `messagesJson` (a door that keeps it: a chat is answered
 * whole after every message sent to it, and the kept bytes are sent as they are, not copied).
 */
export const wireChatJson = (
  chat: ChatIn,
  messages: readonly MessageIn[],
  messagesJson: (chatId: number, messages: readonly MessageIn[]) => Buffer,
): Buffer[] => [
  Buffer.from(
    `{"_id":${JSON.stringify(String(chat.id))},"participants":${JSON.stringify(chat.participants)},"messages":[`,
  ),
  messagesJson(chat.id, messages),
  Buffer.from(`],"createdAt":${JSON.stringify(chat.createdAt)}}`),
];

/**
 * What a private game's `password` holds on the wire: its presence (and truthiness, for a client
 * that tests `game.password`) marks the game private; it is never the real password or its hash.
 */
export const PRIVATE_GAME_MARK = '********';

/**
 * A game instance (SPEC §3): gameID, players, state with status, and per type Nim's player1,
 * player2, moves, remainingObjects, winners or CollabCode's playerLimit, timeLimit (minutes),
 * startTime, problemID and, when the caller could read the document, currentCode.
 */
export function wireGame(game: GameView, currentCode?: string) {
  const base = {
    gameID: game.id,
    title: game.title,
    gameType: game.gameType,
    players: [...game.players],
    ...(game.isPrivate ? { password: PRIVATE_GAME_MARK } : {}),
    createdAt: game.createdAt,
  };
  if (game.gameType === 'Nim') {
    const { state } = game;
    return {
      ...base,
      state: {
        status: state.status,
        player1: state.player1,
        player2: state.player2,
        moves: state.moves.map((move) => ({
          playerID: move.player,
          gameID: game.id,
          move: { numObjects: move.numObjects },
        })),
        remainingObjects: state.remainingObjects,
        winners: [...state.winners],
      },
    };
  }
  const { state } = game;
  return {
    ...base,
    state: {
      status: state.status,
      players: [...state.players],
      playerLimit: state.playerLimit,
      timeLimit: state.timeLimit,
      startTime: state.startTime === null ? null : new Date(state.startTime),
      problemID: String(state.problemId),
      winners: [...state.winners],
      ...(currentCode === undefined ? {} : { currentCode }),
    },
  };
}

/** A problem (SPEC §3): the tests the viewer may read, votes as usersUpvoted / usersDownvoted. */
export const wireProblem = (problem: ProblemDetail) => ({
  _id: String(problem.id),
  title: problem.title,
  problemText: problem.problemText,
  functionSignature: problem.functionSignature,
  testCases: problem.testCases.map((test) => ({ testCode: test.testCode, hidden: test.hidden })),
  postedBy: problem.postedBy,
  suggestedSolution: problem.suggestedSolution,
  createdAt: problem.createdAt,
  usersUpvoted: [...problem.upVotes],
  usersDownvoted: [...problem.downVotes],
});

/**
 * A test result (SPEC §3): status ('OK' passed), cpuTime (ns), memoryUsage (bytes), errorMessage.
 * The figures are null for a hidden test of someone else's problem, as the procedures answer them.
 */
export const wireTestResult = (result: TestResultView) => ({
  status: result.status,
  cpuTime: result.cpuTime,
  memoryUsage: result.memoryUsage,
  errorMessage: result.errorMessage,
});

/** A submission (SPEC §3), with the figures the server measured. */
export const wireSubmission = (submission: SubmissionDetail) => ({
  _id: String(submission.id),
  problemId: String(submission.problemId),
  submissionBy: submission.submissionBy,
  runTime: submission.runTime,
  heapUse: submission.heapUse,
  submissionCode: submission.submissionCode,
  createdAt: submission.createdAt,
});

// socket.io's own events and moves.

/** The original client hears of accounts only: a reputation change is not one of its events. */
export const userUpdate = (event: Exclude<UserEvent, { type: 'reputation' }>) => ({
  user: wireUser(event.user),
  type: event.type,
});

/** A vote's new lists: voteUpdate (questions) and voteProblemUpdate (problems). */
export const voteUpdate = (qid: number, upVotes: string[], downVotes: string[]) => ({
  qid: String(qid),
  upVotes: [...upVotes],
  downVotes: [...downVotes],
});
export const voteProblemUpdate = (pid: number, upVotes: string[], downVotes: string[]) => ({
  pid: String(pid),
  upVotes: [...upVotes],
  downVotes: [...downVotes],
});

/**
 * makeMove as the original client sends it: §7's `{gameID, move: {playerID, gameID, move}}`, or the
 * flat `{gameID, playerID, move}`. Null when it is neither.
 */
export type ParsedMove =
  | { gameID: string; playerID: string; kind: 'nim'; numObjects: unknown }
  | { gameID: string; playerID: string; kind: 'code'; code: unknown };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function parseMove(payload: unknown): ParsedMove | null {
  if (!isRecord(payload)) return null;
  const inner = isRecord(payload.move) && 'playerID' in payload.move ? payload.move : payload;
  const gameID = payload.gameID ?? inner.gameID;
  const playerID = inner.playerID;
  const move = inner.move;
  if (typeof gameID !== 'string' || typeof playerID !== 'string' || !isRecord(move)) return null;
  if ('numObjects' in move) return { gameID, playerID, kind: 'nim', numObjects: move.numObjects };
  if ('updatedCode' in move) return { gameID, playerID, kind: 'code', code: move.updatedCode };
  return null;
}
