import { appRouter } from '@app/api';
import { procedureEntries } from '../../src/trpc/trpc-internals';
import type { Expectation, Probe } from './doors';
import { ADD_PROBLEM, PASSWORD, type World } from './fixtures';
import {
  fieldVariants,
  sampleOf,
  trpcInputText,
  valueRead,
  wholeInputVariants,
  type FieldPath,
  type Hints,
  type JsonSchema,
  type Variant,
  type VariantLimits,
} from './generate';
import { deepArray, ONE_MB } from './hostile';

/**
 * The tRPC door of the bad-input sweep: every procedure of appRouter, its input schema turned into a
 * valid sample and hostile variants, each sent over HTTP the way the web app sends it.
 */

interface InputSchema {
  safeParse(value: unknown): { success: boolean };
  toJSONSchema(params: { io: 'input'; unrepresentable: 'any' }): JsonSchema;
}

export interface ProcedureInfo {
  path: string;
  type: 'query' | 'mutation' | 'subscription';
  inputs: InputSchema[];
  /** The input schema as JSON Schema (an object with no fields when the procedure takes none). */
  schema: JsonSchema;
}

export function procedures(): ProcedureInfo[] {
  return procedureEntries(appRouter).map(({ path, type, inputs: parsers }) => {
    const inputs = parsers as InputSchema[];
    const first = inputs[0];
    return {
      path,
      type,
      inputs,
      schema: first ? first.toJSONSchema({ io: 'input', unrepresentable: 'any' }) : {},
    };
  });
}

/** Procedures anyone may call without a session (the rest must answer 401 without one). */
export const PUBLIC_PROCEDURES = new Set([
  'auth.signup',
  'auth.login',
  'auth.logout',
  'auth.me',
  'question.list',
  'question.byId',
  'question.listIds',
  'question.inFull',
  'question.similar',
  'question.revisions',
  'answer.revisions',
  'tag.list',
  'tag.byName',
  'problem.list',
  'problem.byId',
  'submission.list',
  'submission.byId',
  'reputation.byUsernames',
]);

/**
 * Procedures about the sweeper's own things (their question, answer, profile, chat, rooms): with
 * another user's session, even a valid input must be refused.
 */
export const OWNER_ONLY = new Set([
  'question.update',
  'answer.update',
  'answer.accept',
  'answer.unaccept',
  'user.updateBiography',
  'user.resetPassword',
  'user.delete',
  'chat.byId',
  'chat.messages',
  'chat.transcript',
  'chat.send',
  'chat.addParticipant',
  'chat.markRead',
  'game.codeState',
  'game.editCode',
  'game.setCode',
  'game.presence',
  'game.runTests',
  'game.nimMove',
  'game.leave',
]);

/**
 * Moderators' procedures (moderatorProcedure): the sweeper is no moderator, so even a valid input is
 * refused with 403.
 */
export const MODERATOR_ONLY = new Set([
  'moderation.queue',
  'moderation.log',
  'moderation.dismiss',
  'moderation.hide',
  'moderation.unhide',
  'moderation.suspend',
  'moderation.unsuspend',
]);

/** Procedures that would end the sweeper's session: each of their variants gets a new user. */
export const ENDS_SESSION = new Set(['auth.logout', 'user.delete']);

/** Stands for the calling user's name until the probe's user is known. */
export const SELF = '\u0002self';

/** An empty Yjs update (a document with no changes), as base64. */
const EMPTY_UPDATE = 'AAA=';

/** Real values for the fields that name things: the fixtures the sweeper owns or takes part in. */
export function hintsFor(path: string, world: World): Hints {
  const [router] = path.split('.');
  const gameId: Record<string, string> = {
    'game.nimMove': world.nimId,
    'game.leave': world.leaveId,
    'game.join': world.privateId,
    'game.verifyPassword': world.privateId,
  };
  return (field: FieldPath) => {
    const name = field[field.length - 1];
    const key = field.filter((part) => typeof part === 'string').join('.');
    const hint = (value: unknown) => ({ value });
    if (field.length === 0) return undefined;
    switch (key) {
      case 'qid':
        return hint(world.qid);
      case 'qids':
        return typeof name === 'number' ? hint(world.qid) : undefined;
      case 'answerId':
        return hint(
          path === 'answer.update' || path === 'answer.revisions'
            ? world.myAnswerId
            : world.theirAnswerId,
        );
      case 'chatId':
        return hint(world.chatId);
      case 'problemId':
        return hint(world.problemId);
      case 'id':
        if (router === 'comment') return hint(world.qid);
        if (router === 'problem') return hint(world.problemId);
        if (router === 'submission') return hint(world.submissionId);
        if (router === 'game') return hint(gameId[path] ?? world.collabId);
        if (router === 'flag' || router === 'moderation') return hint(world.qid);
        return undefined;
      case 'username':
        if (path === 'auth.login') return hint(world.sweeper.name);
        if (path === 'auth.signup') return hint('sweep_newcomer');
        // Never the outsider: their session must stay outside the sweeper's chat.
        if (path === 'user.byUsername' || path.startsWith('chat.')) return hint(world.partner.name);
        return hint(ENDS_SESSION.has(path) ? SELF : world.sweeper.name);
      case 'password':
        if (router === 'game') return hint('open sesame');
        if (path === 'user.resetPassword') return hint('a new password 1');
        return hint(PASSWORD);
      case 'name':
      case 'tag':
      case 'tags':
        return name === 'tags' ? undefined : hint(world.tag);
      case 'search':
        return hint('sweep');
      // A problem's topics are slugs (issue 24).
      case 'topic':
        return hint('math');
      case 'topics':
        return typeof name === 'number' ? hint('math') : undefined;
      case 'kind':
        return router === 'flag' || router === 'moderation' ? hint('question') : undefined;
      case 'filter':
        return hint('');
      case 'cursor':
      case 'lastEventId':
        return hint(null);
      case 'update':
        return hint(EMPTY_UPDATE);
      case 'code':
      case 'suggestedSolution':
        return hint(ADD_PROBLEM.suggestedSolution);
      case 'functionSignature':
        return hint(ADD_PROBLEM.functionSignature);
      case 'testCases.testCode':
        return hint(ADD_PROBLEM.testCases[0]?.testCode);
      case 'title':
        return hint(router === 'game' ? 'Sweep room' : 'A sweep title');
      case 'sendKey':
        return hint('sweep-sample-send-key');
      default:
        return undefined;
    }
  };
}

export const POST_LIMITS: VariantLimits = {
  longString: 200_000,
  deepLevels: 10_000,
  manyItems: 1000,
};
/** A GET carries its input in the address (Node reads at most 16 KB of it with the headers). */
export const GET_LIMITS: VariantLimits = { longString: 3000, deepLevels: 500, manyItems: 200 };

/** Whether the server's own schemas accept an input: then any answer but a 5xx will do. */
export function acceptsInput(procedure: ProcedureInfo, input: unknown): boolean {
  const value = valueRead(input);
  return procedure.inputs.every((schema) => schema.safeParse(value).success);
}

export function sampleFor(procedure: ProcedureInfo, world: World): unknown {
  return procedure.inputs.length === 0
    ? undefined
    : sampleOf(procedure.schema, hintsFor(procedure.path, world));
}

export interface TrpcRequest {
  label: string;
  procedure: ProcedureInfo;
  input: unknown;
  /** The raw body (or query text) instead of the input's. */
  rawText?: string;
  method?: string;
  headers?: Record<string, string>;
  cookie?: string;
  expect: Expectation;
}

/** The request as the web app's httpLink would make it (a GET for queries, a POST otherwise). */
export function trpcProbe(baseUrl: string, request: TrpcRequest): Probe {
  const { procedure } = request;
  const method = request.method ?? (procedure.type === 'mutation' ? 'POST' : 'GET');
  const text = request.rawText ?? trpcInputText(request.input);
  const inQuery = method === 'GET' || method === 'HEAD';
  const url =
    `${baseUrl}/trpc/${procedure.path}` +
    (inQuery && text !== undefined ? `?input=${encodeURIComponent(text)}` : '');
  return {
    door: 'trpc',
    label: `${procedure.path} ${request.label}`,
    method,
    url,
    headers: {
      ...(inQuery ? {} : { 'content-type': 'application/json' }),
      ...(request.cookie ? { cookie: request.cookie } : {}),
      ...request.headers,
    },
    body: inQuery ? undefined : (text ?? ''),
    expect: request.expect,
  };
}

/** Every hostile request for one procedure, sent with the sweeper's session unless told. */
export function trpcRequests(procedure: ProcedureInfo, world: World): TrpcRequest[] {
  const sample = sampleFor(procedure, world);
  const isPublic = PUBLIC_PROCEDURES.has(procedure.path);
  const cookie = world.sweeper.cookie;
  const refused = (status?: number | number[]): Expectation => ({ kind: 'refused', status });
  if (procedure.type === 'subscription') {
    // Live updates travel over the WebSocket only: every HTTP request for one is refused.
    const sub = (label: string, more: Partial<TrpcRequest>): TrpcRequest => ({
      label,
      procedure,
      input: sample,
      cookie,
      expect: refused(405),
      ...more,
    });
    return [
      sub('over HTTP GET', {}),
      sub('over HTTP GET without a session', { cookie: undefined }),
      sub('over HTTP POST', { method: 'POST' }),
      sub('over HTTP GET with junk input', { input: { id: -1, lastEventId: 5 } }),
    ];
  }
  const limits = procedure.type === 'query' ? GET_LIMITS : POST_LIMITS;
  const variants: Variant[] = [
    ...wholeInputVariants(sample, limits),
    ...(procedure.inputs.length > 0 ? fieldVariants(procedure.schema, sample, limits) : []),
  ];
  const requests: TrpcRequest[] = variants.map((variant) => ({
    label: variant.label,
    procedure,
    input: variant.input,
    cookie,
    expect: acceptsInput(procedure, variant.input) ? { kind: 'any' } : refused(),
  }));
  const wrongMethod = procedure.type === 'query' ? 'POST' : 'GET';
  // A procedure without an input never reads what is sent: junk there changes nothing.
  // A moderator's procedure refuses the sweeper before it reads the input: 403 rather than 400.
  const unread = (expect: Expectation): Expectation =>
    procedure.inputs.length === 0
      ? { kind: 'any' }
      : MODERATOR_ONLY.has(procedure.path)
        ? refused([400, 403])
        : expect;
  const text = trpcInputText(sample) ?? '';
  requests.push(
    // Sessions: none, a forged or broken cookie, and (for the sweeper's own things) someone else's.
    {
      label: 'without a session',
      procedure,
      input: sample,
      expect: isPublic ? { kind: 'any' } : refused(401),
    },
    ...[
      'qa_session=forged',
      'qa_session=Fe26.2*1*' +
        'a'.repeat(64) +
        '*AAAAAAAAAAAAAAAAAAAAAA*AAAAAAAAAAAAAAAAAAAAAA*9999999999999*' +
        'b'.repeat(64) +
        '*' +
        'c'.repeat(43) +
        '~2',
      'qa_session=%E0%A4%A',
      'qa_session=' + 'z'.repeat(3000),
    ].map((forged): TrpcRequest => ({
      label: `with a forged cookie (${forged.slice(0, 24)}…)`,
      procedure,
      input: sample,
      cookie: forged,
      expect: isPublic ? { kind: 'any' } : refused(401),
    })),
    {
      label: "with another user's session",
      procedure,
      input: sample,
      cookie: world.outsider.cookie,
      expect:
        OWNER_ONLY.has(procedure.path) || MODERATOR_ONLY.has(procedure.path)
          ? refused([403, 404])
          : { kind: 'any' },
    },
    // Transport: the wrong method, content types the web app never sends, oversized requests.
    {
      label: `as ${wrongMethod}`,
      procedure,
      input: sample,
      method: wrongMethod,
      cookie,
      expect: refused(405),
    },
  );
  if (procedure.type === 'mutation') {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
    ])
      requests.push({
        label: `as ${type}`,
        procedure,
        input: sample,
        rawText: type.startsWith('application/x-www') ? 'json=%7B%7D' : text,
        headers: { 'content-type': type },
        cookie,
        expect: refused(415),
      });
    requests.push(
      {
        label: 'as PUT',
        procedure,
        input: sample,
        method: 'PUT',
        cookie,
        expect: refused(405),
      },
      {
        label: 'with a 300 KB body',
        procedure,
        input: { pad: 'x'.repeat(300 * 1024) },
        cookie,
        expect: refused(413),
      },
      {
        label: 'with a 1 MB body',
        procedure,
        input: { pad: 'x'.repeat(ONE_MB) },
        cookie,
        expect: refused(413),
      },
      {
        label: 'with a body that is not JSON',
        procedure,
        input: sample,
        rawText: '{"json": {"a": 1',
        cookie,
        expect: unread(refused(400)),
      },
      {
        label: 'with a body of 10,000 nested lists',
        procedure,
        input: sample,
        rawText: `{"json":${deepArray(10_000).text}}`,
        cookie,
        expect: unread(refused(400)),
      },
    );
  } else {
    requests.push(
      {
        label: 'with a 20 KB address',
        procedure,
        input: { pad: 'x'.repeat(20 * 1024) },
        cookie,
        expect: refused(431),
      },
      {
        label: 'with 10,000 nested lists in the address',
        procedure,
        input: sample,
        rawText: `{"json":${deepArray(10_000).text}}`,
        cookie,
        expect: refused(431),
      },
      {
        label: 'with an input that is not JSON',
        procedure,
        input: sample,
        rawText: '{"json": {"a": 1',
        cookie,
        expect: unread(refused(400)),
      },
    );
  }
  return requests;
}
