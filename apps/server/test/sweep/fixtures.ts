import superjson from 'superjson';

/**
 * The bad-input sweep's world: users with sessions (over tRPC HTTP, as the web app signs in) and the
 * things their variants point at, owned so that a valid input from the sweeper is also allowed.
 */

export const PASSWORD = 'password123';

export const ADD_PROBLEM = {
  title: 'Add two numbers',
  problemText: 'Write add(a, b) that returns the sum.',
  functionSignature: 'function add(a, b) {\n}',
  testCases: [
    { testCode: 'assert(add(1, 2), 3)', hidden: false },
    { testCode: 'assert(add(20, 22), 42)', hidden: true },
  ],
  suggestedSolution: 'function add(a, b) {\n  return a + b;\n}',
};

/** One signed-in user of the tRPC HTTP door (their session cookie, kept from sign-up). */
export class TrpcUser {
  constructor(
    readonly baseUrl: string,
    readonly name: string,
    public cookie = '',
  ) {}

  private async call(method: 'GET' | 'POST', path: string, input: unknown): Promise<unknown> {
    const text = JSON.stringify(superjson.serialize(input));
    const send = () =>
      fetch(
        method === 'GET'
          ? `${this.baseUrl}/trpc/${path}?input=${encodeURIComponent(text)}`
          : `${this.baseUrl}/trpc/${path}`,
        {
          method,
          headers: {
            ...(this.cookie ? { cookie: this.cookie } : {}),
            ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
          },
          body: method === 'POST' ? text : undefined,
        },
      );
    // A kept-alive connection the server closed as it was reused (its 5 s idle timeout against the
    // client's, on a busy machine) resets before any answer: sent again once, as browsers do.
    const res = await send().catch((error: unknown) => {
      const code = ((error as Error).cause as NodeJS.ErrnoException | undefined)?.code;
      if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return send();
      throw error;
    });
    const cookie = res.headers.getSetCookie().find((line) => line.startsWith('qa_session='));
    if (cookie) this.cookie = cookie.split(';')[0] ?? '';
    const body = (await res.json()) as {
      result?: { data: Parameters<typeof superjson.deserialize>[0] };
      error?: unknown;
    };
    if (!res.ok || !body.result)
      throw new Error(`${path} failed for ${this.name}: ${res.status} ${JSON.stringify(body)}`);
    return superjson.deserialize(body.result.data);
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  mutate = (path: string, input?: unknown): Promise<any> => this.call('POST', path, input);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query = (path: string, input?: unknown): Promise<any> => this.call('GET', path, input);

  static async signUp(baseUrl: string, name: string): Promise<TrpcUser> {
    const user = new TrpcUser(baseUrl, name);
    await user.mutate('auth.signup', { username: name, password: PASSWORD });
    return user;
  }
}

export interface World {
  /** Sends every hostile input; owns (or takes part in) everything below. */
  sweeper: TrpcUser;
  /** The sweeper's counterpart: answers, chats and plays with them. */
  partner: TrpcUser;
  /** Someone else: their session must not reach the sweeper's private things. */
  outsider: TrpcUser;
  qid: number;
  /** The partner's answer on the sweeper's question (vote, accept). */
  theirAnswerId: number;
  /** The sweeper's own answer (update, revisions). */
  myAnswerId: number;
  tag: string;
  chatId: number;
  problemId: number;
  submissionId: number;
  /** Nim, the sweeper and the partner seated. */
  nimId: string;
  /** CollabCode, the sweeper and the partner seated. */
  collabId: string;
  /** A Nim room the sweeper sits in, for the leave variants. */
  leaveId: string;
  /** A private room, for password variants. */
  privateId: string;
}

export async function buildWorld(baseUrl: string): Promise<World> {
  const [sweeper, partner, outsider] = await Promise.all(
    ['sweeper', 'partner', 'outsider'].map((name) => TrpcUser.signUp(baseUrl, name)),
  );
  if (!sweeper || !partner || !outsider) throw new Error('users missing');
  const { question } = await sweeper.mutate('question.create', {
    title: 'How do I sweep?',
    text: 'With hostile inputs, field by field.',
    tags: ['sweep'],
  });
  const qid = question.id as number;
  const theirs = await partner.mutate('answer.create', { qid, text: 'Like this.' });
  const mine = await sweeper.mutate('answer.create', { qid, text: 'And like that.' });
  const { chat } = await sweeper.mutate('chat.create', { username: partner.name });
  await sweeper.mutate('chat.send', { chatId: chat.id, msg: 'hello' });
  const { problem } = await sweeper.mutate('problem.create', ADD_PROBLEM);
  const { submission } = await sweeper.mutate('submission.create', {
    problemId: problem.id,
    code: ADD_PROBLEM.suggestedSolution,
  });
  const seated = async (game: { id: string }) => {
    await sweeper.mutate('game.join', { id: game.id });
    await partner.mutate('game.join', { id: game.id });
    return game.id;
  };
  // Not seated at creation: both take their places through game.join, as the original client does.
  const nim = await sweeper.mutate('game.createNim', {
    title: 'Sweep Nim room',
    seatCreator: false,
  });
  const collab = await sweeper.mutate('game.createCollabCode', {
    title: 'Sweep code room',
    seatCreator: false,
    problemId: problem.id,
  });
  const leave = await sweeper.mutate('game.createNim', { title: 'Sweep leave room' });
  const hidden = await partner.mutate('game.createNim', {
    title: 'Sweep private room',
    isPrivate: true,
    password: 'open sesame',
  });
  return {
    sweeper,
    partner,
    outsider,
    qid,
    theirAnswerId: theirs.answer.id,
    myAnswerId: mine.answer.id,
    tag: 'sweep',
    chatId: chat.id,
    problemId: problem.id,
    submissionId: submission.id,
    nimId: await seated(nim.game),
    collabId: await seated(collab.game),
    leaveId: leave.game.id,
    privateId: hidden.game.id,
  };
}
