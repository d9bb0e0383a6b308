import { baseURL, uniqueName } from './browser';

/**
 * Setup data through the server's own tRPC HTTP API, for tests whose subject is not the screen that
 * would create it. Each call names the server as its Origin, as a browser on the site would.
 */

const SESSION_COOKIE = 'qa_session';

export interface ApiUser {
  username: string;
  password: string;
  /** The session cookie's value, as auth.signup set it. */
  session: string;
}

export interface CreatedQuestion {
  id: number;
  title: string;
}

/** Calls a tRPC mutation over HTTP (superjson wire format) and returns its data and response. */
async function mutate(
  path: string,
  input: unknown,
  session?: string,
): Promise<{ data: unknown; response: Response }> {
  const url = baseURL();
  const response = await fetch(`${url}/trpc/${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Origin: url,
      ...(session ? { Cookie: `${SESSION_COOKIE}=${session}` } : {}),
    },
    body: JSON.stringify({ json: input }),
  });
  const body = (await response.json().catch(() => null)) as {
    result?: { data?: { json?: unknown } };
  } | null;
  if (!response.ok || body?.result?.data === undefined) {
    throw new Error(`${path} answered ${response.status}: ${JSON.stringify(body)}`);
  }
  return { data: body.result.data.json, response };
}

/** The created row in a write's answer: writes answer with the row and the event they published. */
function created(data: unknown, key: string): { id: number } & Record<string, unknown> {
  const row = (data as Record<string, unknown> | null)?.[key] as { id?: unknown } | undefined;
  if (typeof row?.id !== 'number') {
    throw new Error(`Expected a created ${key} with an id, got ${JSON.stringify(data)}`);
  }
  return row as { id: number } & Record<string, unknown>;
}

/** Signs a new user up (a unique name from the prefix) and keeps their session cookie. */
export async function createUser(prefix: string, password = 'password123'): Promise<ApiUser> {
  const username = uniqueName(prefix);
  const { response } = await mutate('auth.signup', { username, password });
  const cookie = response.headers
    .getSetCookie()
    .find((header) => header.startsWith(`${SESSION_COOKIE}=`));
  const value = cookie?.slice(SESSION_COOKIE.length + 1).split(';')[0];
  if (!value) throw new Error(`auth.signup for ${username} set no ${SESSION_COOKIE} cookie`);
  return { username, password, session: value };
}

export async function createQuestion(
  author: ApiUser,
  fields: { title: string; text: string; tags: string[] },
): Promise<CreatedQuestion> {
  const { data } = await mutate('question.create', fields, author.session);
  const question = created(data, 'question');
  return { id: question.id, title: String(question.title) };
}

export async function createAnswer(
  author: ApiUser,
  qid: number,
  text: string,
): Promise<{ id: number }> {
  const { data } = await mutate('answer.create', { qid, text }, author.session);
  return { id: created(data, 'answer').id };
}

export async function createComment(
  author: ApiUser,
  parent: { type: 'question' | 'answer'; id: number },
  text: string,
): Promise<{ id: number }> {
  const { data } = await mutate('comment.create', { ...parent, text }, author.session);
  return { id: created(data, 'comment').id };
}

/** Counts the user's view of a question (once per user). */
export async function viewQuestion(viewer: ApiUser, qid: number): Promise<void> {
  await mutate('question.view', { qid }, viewer.session);
}

/** Posts a message to the global chat room. */
export async function sendGlobalMessage(author: ApiUser, msg: string): Promise<{ id: number }> {
  const { data } = await mutate('message.send', { msg }, author.session);
  return { id: created(data, 'message').id };
}

/** Starts (or reopens) the one-to-one chat between the user and `username`. */
export async function createChat(creator: ApiUser, username: string): Promise<{ id: number }> {
  const { data } = await mutate('chat.create', { username }, creator.session);
  return { id: created(data, 'chat').id };
}

/** Posts a message in a chat the author is in. */
export async function sendChatMessage(
  author: ApiUser,
  chatId: number,
  msg: string,
): Promise<{ id: number }> {
  const { data } = await mutate('chat.send', { chatId, msg }, author.session);
  return { id: created(data, 'message').id };
}

export interface ProblemFields {
  title: string;
  problemText: string;
  functionSignature: string;
  testCases: { testCode: string; hidden: boolean }[];
  suggestedSolution: string;
}

/** Posts a problem (the server runs the example solution against every test first). */
export async function createProblem(
  author: ApiUser,
  fields: ProblemFields,
): Promise<{ id: number; title: string }> {
  const { data } = await mutate('problem.create', fields, author.session);
  const problem = created(data, 'problem');
  return { id: problem.id, title: String(problem.title) };
}

/** Submits a solution to a problem (the server runs and measures it; it must pass every test). */
export async function createSubmission(
  author: ApiUser,
  problemId: number,
  code: string,
): Promise<{ id: number }> {
  const { data } = await mutate('submission.create', { problemId, code }, author.session);
  return { id: created(data, 'submission').id };
}

/** The game in a games write's answer ({ game, event }); game ids are text. */
function createdGame(data: unknown): { id: string; title: string } {
  const game = (data as { game?: { id?: unknown; title?: unknown } } | null)?.game;
  if (typeof game?.id !== 'string') {
    throw new Error(`Expected a game with an id, got ${JSON.stringify(data)}`);
  }
  return { id: game.id, title: String(game.title) };
}

/** Creates a Nim game (the creator is not seated: join it with joinGame). */
export async function createNimGame(
  creator: ApiUser,
  fields: { title: string; isPrivate?: boolean; password?: string },
): Promise<{ id: string; title: string }> {
  const { data } = await mutate(
    'game.createNim',
    { isPrivate: false, seatCreator: false, ...fields },
    creator.session,
  );
  return createdGame(data);
}

/**
 * Creates a CollabCode game on a problem (the code starts as its function signature); the creator
 * is not seated: join it with joinGame.
 */
export async function createCollabCodeGame(
  creator: ApiUser,
  fields: { title: string; problemId: number; playerLimit?: number; timeLimit?: number },
): Promise<{ id: string; title: string }> {
  const { data } = await mutate(
    'game.createCollabCode',
    { isPrivate: false, seatCreator: false, ...fields },
    creator.session,
  );
  return createdGame(data);
}

/** Seats the user in a game (a private game needs its password). */
export async function joinGame(player: ApiUser, id: string, password?: string): Promise<void> {
  await mutate('game.join', { id, ...(password ? { password } : {}) }, player.session);
}

/** Votes on a question (voting the same way again takes the vote back). */
export async function voteOnQuestion(
  voter: ApiUser,
  qid: number,
  vote: 'up' | 'down',
): Promise<void> {
  await mutate('question.vote', { qid, vote }, voter.session);
}
