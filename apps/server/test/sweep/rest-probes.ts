import { codeText } from '@app/api';
import type { Expectation, Probe } from './doors';
import { ADD_PROBLEM, type World } from './fixtures';
import { fieldVariants, plainJsonText, type JsonSchema, type VariantLimits } from './generate';
import { hostileIds, hostileStrings, ONE_MB } from './hostile';

/**
 * The REST door of the bad-input sweep: every path of SPEC §7 (and the adapters' logout), a sample
 * payload of the fields the adapter reads, and hostile path parameters, queries and payloads.
 */

export interface RestPath {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** With `:name` parameters, as Express routes them. */
  path: string;
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  /** The fields the adapter reads (each is swept). */
  body?: Record<string, unknown>;
  /** Fields SPEC §7 sends that the adapter ignores (sent along, not swept). */
  extra?: Record<string, unknown>;
  /** Needs a session (401 without one). */
  signedIn: boolean;
  /** About the sweeper's own things: another user's session is refused even with a valid payload. */
  ownerOnly?: boolean;
  /** Never sent with the sweeper's session (it would end it). */
  noSweeperSession?: boolean;
  /** The adapter reads an empty object as a valid request (absent fields take their defaults). */
  acceptsEmptyBody?: boolean;
}

/** Path parameters that are names (any text may be one): hostile ones may exist, so 200 is fine. */
const NAME_PARAMS = new Set(['username', 'name']);

const NOW = '2024-05-01T12:00:00.000Z';

/** SPEC §7's HTTP calls, with the sweeper's fixtures in their payloads. */
export function restTable(world: World): RestPath[] {
  const me = world.sweeper.name;
  const problemBody = {
    title: 'A REST sweep problem',
    problemText: ADD_PROBLEM.problemText,
    functionSignature: ADD_PROBLEM.functionSignature,
    testCases: ADD_PROBLEM.testCases,
    suggestedSolution: ADD_PROBLEM.suggestedSolution,
    postedBy: me,
  };
  return [
    {
      method: 'POST',
      path: '/user/signup',
      body: { username: 'rest_newcomer', password: 'password123' },
      signedIn: false,
    },
    {
      method: 'POST',
      path: '/user/login',
      body: { username: me, password: 'password123' },
      signedIn: false,
    },
    { method: 'POST', path: '/user/logout', signedIn: false, noSweeperSession: true },
    { method: 'GET', path: '/user/getUsers', signedIn: true },
    {
      method: 'GET',
      path: '/user/getUser/:username',
      params: { username: world.partner.name },
      signedIn: true,
    },
    {
      method: 'PATCH',
      path: '/user/resetPassword',
      body: { username: me, password: 'password123' },
      signedIn: true,
      ownerOnly: true,
    },
    {
      method: 'PATCH',
      path: '/user/updateBiography',
      body: { username: me, biography: 'I sweep.' },
      signedIn: true,
      ownerOnly: true,
    },
    {
      method: 'DELETE',
      path: '/user/deleteUser/:username',
      params: { username: me },
      signedIn: true,
      ownerOnly: true,
      noSweeperSession: true,
    },
    {
      method: 'GET',
      path: '/question/getQuestion',
      query: { order: 'newest', search: 'sweep' },
      signedIn: false,
    },
    {
      method: 'GET',
      path: '/question/getQuestionById/:qid',
      params: { qid: world.qid },
      query: { username: me },
      signedIn: false,
    },
    {
      method: 'POST',
      path: '/question/addQuestion',
      body: {
        title: 'A REST sweep title',
        text: 'Asked over REST.',
        tags: [{ name: 'sweep', description: 'user added tag' }],
        askedBy: me,
      },
      extra: { askDateTime: NOW, answers: [], upVotes: [], downVotes: [], views: [], comments: [] },
      signedIn: true,
    },
    {
      method: 'POST',
      path: '/question/upvoteQuestion',
      body: { qid: world.qid, username: me },
      signedIn: true,
    },
    {
      method: 'POST',
      path: '/question/downvoteQuestion',
      body: { qid: world.qid, username: me },
      signedIn: true,
    },
    {
      method: 'GET',
      path: '/tag/getTagByName/:name',
      params: { name: world.tag },
      signedIn: false,
    },
    { method: 'GET', path: '/tag/getTagsWithQuestionNumber', signedIn: false },
    {
      method: 'POST',
      path: '/answer/addAnswer',
      body: { qid: world.qid, ans: { text: 'Answered over REST.', ansBy: me } },
      extra: {},
      signedIn: true,
    },
    {
      method: 'POST',
      path: '/comment/addComment',
      body: {
        id: world.qid,
        type: 'question',
        comment: { text: 'A REST comment.', commentBy: me },
      },
      signedIn: true,
    },
    { method: 'GET', path: '/messaging/getMessages', signedIn: true },
    {
      method: 'POST',
      path: '/messaging/addMessage',
      body: { messageToAdd: { msg: 'Hello over REST.', msgFrom: me } },
      signedIn: true,
    },
    {
      method: 'GET',
      path: '/chat/getChatsByUser/:username',
      params: { username: me },
      signedIn: true,
      ownerOnly: true,
    },
    {
      method: 'GET',
      path: '/chat/:chatId',
      params: { chatId: world.chatId },
      signedIn: true,
      ownerOnly: true,
    },
    {
      method: 'POST',
      path: '/chat/:chatId/addMessage',
      params: { chatId: world.chatId },
      body: { msg: 'A direct REST message.', msgFrom: me },
      extra: { msgDateTime: NOW },
      signedIn: true,
      ownerOnly: true,
    },
    {
      method: 'POST',
      path: '/chat/createChat',
      body: { participants: [me, world.partner.name], messages: [] },
      signedIn: true,
    },
    {
      method: 'GET',
      path: '/games/games',
      query: { gameType: 'Nim', status: 'WAITING_TO_START' },
      signedIn: true,
    },
    {
      method: 'POST',
      path: '/games/create',
      body: { gameType: 'Nim', initialGameState: { title: 'REST Nim room', password: '' } },
      signedIn: true,
    },
    {
      method: 'POST',
      path: '/games/create',
      body: {
        gameType: 'CollabCode',
        initialGameState: {
          title: 'REST code room',
          currentCode: ADD_PROBLEM.functionSignature,
          timeLimit: 60,
          problemID: world.problemId,
          playerLimit: 4,
          password: '',
        },
      },
      signedIn: true,
    },
    {
      method: 'POST',
      path: '/games/verify',
      body: { gameID: world.privateId, password: 'open sesame' },
      signedIn: true,
    },
    {
      method: 'POST',
      path: '/games/join',
      body: { gameID: world.privateId, playerID: me, password: 'open sesame' },
      signedIn: true,
    },
    {
      method: 'POST',
      path: '/games/leave',
      body: { gameID: world.leaveId, playerID: me },
      signedIn: true,
      ownerOnly: true,
    },
    {
      method: 'GET',
      path: '/problem/getProblem/:id',
      params: { id: world.problemId },
      signedIn: false,
    },
    { method: 'GET', path: '/problem/getAllProblems', signedIn: false },
    {
      method: 'POST',
      path: '/problem/createProblem',
      body: problemBody,
      extra: { createdAt: NOW, usersUpvoted: [], usersDownvoted: [] },
      signedIn: true,
    },
    {
      method: 'POST',
      path: '/problem/testProblem',
      body: { code: ADD_PROBLEM.suggestedSolution, testCases: ADD_PROBLEM.testCases },
      signedIn: true,
    },
    {
      method: 'POST',
      path: '/problem/testCodeOnProblem/:problemId',
      params: { problemId: world.problemId },
      body: { code: ADD_PROBLEM.suggestedSolution },
      signedIn: true,
    },
    {
      method: 'POST',
      path: '/problem/upvoteProblem',
      body: { pid: world.problemId, username: me },
      signedIn: true,
    },
    {
      method: 'POST',
      path: '/problem/downvoteProblem',
      body: { pid: world.problemId, username: me },
      signedIn: true,
    },
    {
      method: 'POST',
      path: '/testCode',
      body: { code: ADD_PROBLEM.suggestedSolution, gameId: world.collabId },
      extra: { problemId: world.problemId },
      signedIn: true,
      ownerOnly: true,
    },
    {
      method: 'GET',
      path: '/submission/getAllSubmissionsByProblemId/:problemId',
      params: { problemId: world.problemId },
      signedIn: false,
    },
    {
      method: 'GET',
      path: '/submission/getSubmission/:id',
      params: { id: world.submissionId },
      signedIn: false,
    },
    {
      method: 'POST',
      path: '/submission/createSubmission',
      body: {
        submission: {
          problemId: world.problemId,
          submissionBy: me,
          submissionCode: ADD_PROBLEM.suggestedSolution,
        },
      },
      extra: {},
      signedIn: true,
    },
  ];
}

/** A JSON Schema for a sample payload, read from its values (strings, numbers, lists, objects). */
function schemaOfValue(value: unknown): JsonSchema {
  if (typeof value === 'string') return { type: 'string' };
  if (typeof value === 'number') return { type: 'integer' };
  if (typeof value === 'boolean') return { type: 'boolean' };
  if (Array.isArray(value)) return { type: 'array', items: schemaOfValue(value[0] ?? '') };
  if (value && typeof value === 'object')
    return {
      type: 'object',
      properties: Object.fromEntries(
        Object.entries(value).map(([key, item]) => [key, schemaOfValue(item)]),
      ),
    };
  return {};
}

const REST_LIMITS: VariantLimits = {
  longString: 200_000,
  deepLevels: 10_000,
  manyItems: 1000,
  lean: true,
};

function urlOf(baseUrl: string, entry: RestPath, params?: Record<string, string>, query?: string) {
  const path = entry.path.replace(
    /:(\w+)/g,
    (_, name: string) => params?.[name] ?? encodeURIComponent(String(entry.params?.[name] ?? '')),
  );
  const search = query ?? new URLSearchParams(entry.query ?? {}).toString();
  return `${baseUrl}${path}${search ? `?${search}` : ''}`;
}

/** Every hostile request for one REST path. */
export function restProbes(baseUrl: string, entry: RestPath, world: World): Probe[] {
  const probes: Probe[] = [];
  const label = `${entry.method} ${entry.path}`;
  const hasBody = entry.method !== 'GET' && entry.method !== 'DELETE';
  const cookie = entry.noSweeperSession ? undefined : world.sweeper.cookie;
  const refused = (status?: number | number[]): Expectation => ({ kind: 'refused', status });
  const any: Expectation = { kind: 'any' };
  const make = (
    what: string,
    expect: Expectation,
    more: {
      url?: string;
      body?: string | Buffer;
      headers?: Record<string, string>;
      cookie?: string | null;
    } = {},
  ): Probe => {
    const sessionCookie = more.cookie === null ? undefined : (more.cookie ?? cookie);
    return {
      door: 'rest',
      label: `${label} ${what}`,
      method: entry.method,
      url: more.url ?? urlOf(baseUrl, entry),
      headers: {
        accept: 'application/json, text/plain, */*',
        ...(hasBody ? { 'content-type': 'application/json' } : {}),
        ...(sessionCookie ? { cookie: sessionCookie } : {}),
        ...more.headers,
      },
      body: more.body ?? (hasBody ? plainJsonText({ ...entry.extra, ...entry.body }) : undefined),
      expect,
    };
  };

  // Path parameters: ids that are no ids, traversal, bad percent-encoding, NUL, an over-long one.
  for (const name of Object.keys(entry.params ?? {})) {
    const values = [
      ...hostileIds.map((id) => ({ label: id.label, text: encodeURIComponent(String(id.value)) })),
      { label: 'encoded traversal', text: '..%2F..%2F..%2Fetc%2Fpasswd' },
      { label: 'bad percent-encoding', text: '%E0%A4%A' },
      { label: 'encoded NUL', text: '%00' },
      { label: 'U+202E', text: encodeURIComponent('\u202Eabc') },
      { label: '3 KB parameter', text: 'x'.repeat(3000) },
      { label: '20 KB parameter', text: 'x'.repeat(20 * 1024) },
    ];
    for (const value of values)
      probes.push(
        make(
          `${name}: ${value.label}`,
          value.text.length > 16 * 1024 ? refused(431) : NAME_PARAMS.has(name) ? any : refused(),
          { url: urlOf(baseUrl, entry, { [name]: value.text }) },
        ),
      );
  }

  // Query parameters: hostile text, repeated keys (Express reads a list), an over-long address.
  for (const name of Object.keys(entry.query ?? {})) {
    for (const hostile of hostileStrings(3000)) {
      const query = new URLSearchParams({ ...entry.query, [name]: String(hostile.value) });
      probes.push(
        make(`?${name}: ${hostile.label}`, any, {
          url: urlOf(baseUrl, entry, undefined, query.toString()),
        }),
      );
    }
    probes.push(
      make(`?${name} twice`, any, { url: urlOf(baseUrl, entry, undefined, `${name}=a&${name}=b`) }),
      make(`?${name}[x]=1`, any, {
        url: urlOf(baseUrl, entry, undefined, `${name}%5Bx%5D=1&${name}[y]=2`),
      }),
      make(`?${name}: bad percent-encoding`, any, {
        url: urlOf(baseUrl, entry, undefined, `${name}=%E0%A4%A`),
      }),
    );
  }
  probes.push(
    make('with a 20 KB address', refused(431), {
      url: `${urlOf(baseUrl, entry)}${entry.query ? '&' : '?'}pad=${'x'.repeat(20 * 1024)}`,
    }),
  );

  // The payload, field by field, and as a whole.
  if (hasBody && entry.body) {
    for (const variant of fieldVariants(schemaOfValue(entry.body), entry.body, REST_LIMITS))
      probes.push(
        make(variant.label, any, {
          body: plainJsonText({ ...entry.extra, ...(variant.input as object) }),
        }),
      );
  }
  if (hasBody) {
    const needsObject = entry.body !== undefined && !entry.acceptsEmptyBody;
    const wrong = needsObject ? refused() : any;
    for (const [what, body] of [
      ['a list', '[1,2]'],
      ['a string', '"text"'],
      ['a number', '42'],
      ['null', 'null'],
      ['empty', ''],
      ['not JSON', '{"title": "a'],
      ['10,000 nested lists', '['.repeat(10_000) + ']'.repeat(10_000)],
      ['10,000 nested objects', '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000)],
      ['prototype keys', '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}'],
    ] as const)
      probes.push(make(`body: ${what}`, what === 'not JSON' ? refused(400) : wrong, { body }));
    probes.push(
      make('body: 300 KB', refused(413), {
        body: plainJsonText({ ...entry.body, pad: 'x'.repeat(300 * 1024) }),
      }),
      make('body: 1 MB', refused(413), {
        body: plainJsonText({ ...entry.body, pad: 'x'.repeat(ONE_MB) }),
      }),
    );
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ])
      probes.push(
        make(`as ${type}`, wrong, {
          headers: { 'content-type': type },
          body: type.startsWith('application/x-www')
            ? 'title=a&text=b'
            : plainJsonText(entry.body ?? {}),
        }),
      );
    probes.push(
      make('with a mismatched X-XSRF-TOKEN', refused(403), {
        headers: { 'x-xsrf-token': 'not-the-cookie' },
      }),
      make('from another site', refused(403), { headers: { origin: 'https://evil.example' } }),
    );
  }

  // Sessions: none, forged, someone else's.
  probes.push(
    make('without a session', entry.signedIn ? refused(401) : any, { cookie: null }),
    make('with a forged cookie', entry.signedIn ? refused(401) : any, {
      cookie: 'qa_session=forged',
    }),
    make('with a broken cookie', entry.signedIn ? refused(401) : any, {
      cookie: 'qa_session=%E0%A4%A; XSRF-TOKEN=%',
    }),
  );
  if (!entry.noSweeperSession || entry.ownerOnly)
    probes.push(
      make("with another user's session", entry.ownerOnly ? refused([403, 404]) : any, {
        cookie: world.outsider.cookie,
      }),
    );
  return probes;
}

/** What bad input must never change: the sweeper's biography, the lobby, a room's shared code. */
export interface KeptData {
  biography: string;
  games: { id: string; title: string; isPrivate: boolean }[];
  code: string;
}

/**
 * Bad input that once changed data through the REST doors: a biography update without a biography
 * (it cleared it), a room asked to be private without a usable password (it was made public), and
 * /testCode with empty code (it wiped the room's code before refusing). Each is refused with a
 * sentence; `kept` reads what must be as it was afterwards.
 */
export async function dataKeepingProbes(
  baseUrl: string,
  world: World,
): Promise<{ probes: Probe[]; kept: () => Promise<KeptData> }> {
  const { sweeper, partner } = world;
  await sweeper.mutate('user.updateBiography', {
    username: sweeper.name,
    biography: 'Kept through the sweep.',
  });
  // A room of its own, still in progress, with code of the sweeper's in it.
  const { game } = await sweeper.mutate('game.createCollabCode', {
    title: 'Sweep kept code',
    problemId: world.problemId,
  });
  await sweeper.mutate('game.join', { id: game.id });
  await partner.mutate('game.join', { id: game.id });
  await sweeper.mutate('game.setCode', { id: game.id, code: 'function add(a, b) {\n  // kept\n}' });

  const refused: Expectation = { kind: 'refused', status: 400 };
  const send = (label: string, method: string, path: string, body: unknown): Probe => ({
    door: 'rest',
    label: `${method} ${path} keeps data: ${label}`,
    method,
    url: `${baseUrl}${path}`,
    headers: { 'content-type': 'application/json', cookie: sweeper.cookie },
    body: JSON.stringify(body),
    expect: refused,
  });
  const biography = (label: string, body: unknown) =>
    send(label, 'PATCH', '/user/updateBiography', body);
  const create = (label: string, initialGameState: unknown) =>
    send(label, 'POST', '/games/create', { gameType: 'Nim', initialGameState });
  const testCode = (label: string, code: unknown) =>
    send(label, 'POST', '/testCode', { code, gameId: game.id, problemId: world.problemId });
  const probes = [
    biography('{}', {}),
    biography('no biography', { username: sweeper.name }),
    biography('biography: 42', { username: sweeper.name, biography: 42 }),
    biography('bio instead of biography', { username: sweeper.name, bio: 'x' }),
    biography('biography: null', { username: sweeper.name, biography: null }),
    biography('biography: a list', { username: sweeper.name, biography: ['x'] }),
    create('isPrivate alone', { isPrivate: true }),
    create('isPrivate with an empty password', { isPrivate: true, password: '' }),
    create('password: 1234', { title: 'Sweep privacy', password: 1234 }),
    create('password: ["x"]', { title: 'Sweep privacy', password: ['x'] }),
    create('password: an object', { title: 'Sweep privacy', password: { x: 'secret' } }),
    create('isPrivate: "yes"', { title: 'Sweep privacy', isPrivate: 'yes', password: 'secret' }),
    testCode('empty code', ''),
    testCode('blank code', ' \n\t'),
    testCode('no code', undefined),
    testCode('code: 42', 42),
    testCode('code: a list', ['x']),
  ];
  const kept = async (): Promise<KeptData> => ({
    biography: (
      (await sweeper.query('user.byUsername', { username: sweeper.name })) as {
        biography: string;
      }
    ).biography,
    games: ((await sweeper.query('game.list', {})) as KeptData['games']).map(
      ({ id, title, isPrivate }) => ({ id, title, isPrivate }),
    ),
    code: codeText(
      ((await sweeper.query('game.codeState', { id: game.id })) as { update: string }).update,
    ),
  });
  return { probes, kept };
}
