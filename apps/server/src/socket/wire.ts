import type {
  GameView,
  PublicUser,
  QuestionEvent,
  RouterOutputs,
  TestResultView,
  UserEvent,
} from '@app/api';

/**
 * SPEC §3's shapes of what socket.io events carry, made from our views: `_id` for ids (as strings,
 * since the original client compares them with ids from its URLs), ISO strings for dates. Pure:
 * whatever must be read first (a question page, a chat's messages) is read by the bridge.
 */

type QuestionDetail = RouterOutputs['question']['byId'];
type AnswerView = Extract<QuestionEvent, { type: 'answered' }>['answer'];
type CommentView = AnswerView['comments'][number];
interface MessageView {
  id: number;
  msg: string;
  msgFrom: string;
  msgDateTime: Date;
}

const iso = (date: Date) => date.toISOString();

export const wireComment = (comment: CommentView) => ({
  _id: String(comment.id),
  text: comment.text,
  commentBy: comment.commentBy,
  commentDateTime: iso(comment.commentDateTime),
});

export const wireAnswer = (answer: AnswerView) => ({
  _id: String(answer.id),
  text: answer.text,
  ansBy: answer.ansBy,
  ansDateTime: iso(answer.ansDateTime),
  comments: answer.comments.map(wireComment),
});

/**
 * A question as §3 has it. `views` is a list whose length is the count (who viewed is not handed
 * out by the API): the original client only shows its length.
 */
export const wireQuestion = (question: QuestionDetail) => ({
  _id: String(question.id),
  title: question.title,
  text: question.text,
  tags: question.tags.map((tag) => ({
    _id: String(tag.id),
    name: tag.name,
    description: tag.description,
  })),
  askedBy: question.askedBy,
  askDateTime: iso(question.askDateTime),
  answers: question.answers.map(wireAnswer),
  upVotes: [...question.upVotes],
  downVotes: [...question.downVotes],
  views: Array.from({ length: question.viewCount }, () => ''),
  comments: question.comments.map(wireComment),
});

export const wireMessage = (message: MessageView) => ({
  _id: String(message.id),
  msg: message.msg,
  msgFrom: message.msgFrom,
  msgDateTime: iso(message.msgDateTime),
});

export const wireChat = (
  chat: { id: number; participants: string[] },
  messages: MessageView[],
) => ({
  _id: String(chat.id),
  participants: [...chat.participants],
  messages: messages.map(wireMessage),
});

export const wireUser = (user: PublicUser) => ({
  username: user.username,
  biography: user.biography,
  dateJoined: iso(user.dateJoined),
});

export const userUpdate = (event: UserEvent) => ({ user: wireUser(event.user), type: event.type });

/** A private game carries `password` (its presence marks it private), never the real one. */
export function wireGame(game: GameView, currentCode?: string) {
  const base = {
    gameID: game.id,
    title: game.title,
    gameType: game.gameType,
    players: [...game.players],
    ...(game.isPrivate ? { password: '' } : {}),
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
      startTime: state.startTime,
      problemID: String(state.problemId),
      winners: [...state.winners],
      ...(currentCode === undefined ? {} : { currentCode }),
    },
  };
}

export const wireTestResult = (result: TestResultView) => ({
  status: result.status,
  cpuTime: result.cpuTime,
  memoryUsage: result.memoryUsage,
  errorMessage: result.errorMessage,
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
