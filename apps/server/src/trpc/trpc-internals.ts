import { TRPCError, type AnyTRPCRouter, type TRPC_ERROR_CODE_KEY } from '@trpc/server';
import {
  internal_exceptionHandler,
  nodeHTTPRequestHandler,
  type NodeHTTPRequest,
  type NodeHTTPRequestHandlerOptions,
  type NodeHTTPResponse,
} from '@trpc/server/adapters/node-http';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import {
  getErrorShape,
  getHTTPStatusCode,
  getTRPCErrorFromUnknown,
  transformTRPCResponse,
} from '@trpc/server/unstable-core-do-not-import';

/**
 * The one file that reaches into tRPC past its documented API: the router's definition (`_def`),
 * the node adapter's `internal_` exception handler, and the pieces of its HTTP handler's answer
 * (`unstable-core-do-not-import`: the error shape, the status, the transformed body). A tRPC upgrade that changes one of them breaks
 * test/trpc-internals.test.ts, not the server.
 */

export type ProcedureType = 'query' | 'mutation' | 'subscription';

export interface ProcedureEntry {
  /** The dotted path a client calls (`question.list`). */
  path: string;
  type: ProcedureType;
  /** The input parsers, in the order `.input()` was called (zod schemas here). */
  inputs: readonly unknown[];
}

/** Every procedure of a router, nested routers flattened. */
export function procedureEntries(router: AnyTRPCRouter): ProcedureEntry[] {
  const procedures = router._def.procedures as Record<
    string,
    { _def: { type: ProcedureType; inputs: unknown[] } }
  >;
  return Object.entries(procedures).map(([path, procedure]) => ({
    path,
    type: procedure._def.type,
    inputs: procedure._def.inputs,
  }));
}

/** Every procedure of a router by its dotted path, with its type. */
export function procedureTypes(router: AnyTRPCRouter): Map<string, ProcedureType> {
  return new Map(procedureEntries(router).map(({ path, type }) => [path, type]));
}

/** The paths of a router's subscriptions. */
export function subscriptionPaths(router: AnyTRPCRouter): Set<string> {
  const paths = new Set<string>();
  for (const [path, type] of procedureTypes(router)) if (type === 'subscription') paths.add(path);
  return paths;
}

/** The data transformer a router was made with, as tRPC applies it to inputs and outputs. */
export interface RouterTransformer {
  input: { serialize(value: unknown): unknown; deserialize(value: unknown): unknown };
  output: { serialize(value: unknown): unknown; deserialize(value: unknown): unknown };
}

export function transformerOf(router: AnyTRPCRouter): RouterTransformer {
  return router._def._config.transformer as RouterTransformer;
}

/**
 * A refusal written before tRPC sees the request, exactly as tRPC would answer the same TRPCError:
 * its HTTP status, and `{ error: shape }` with the shape passed through the router's transformer, so
 * that the web client shows its message like any other.
 */
export function trpcRefusal(
  router: AnyTRPCRouter,
  code: TRPC_ERROR_CODE_KEY,
  message: string,
): { status: number; body: { error: unknown } } {
  const httpStatus = getHTTPStatusCodeFromError(new TRPCError({ code, message }));
  const shape = { message, code: TRPC_ERROR_CODES_BY_KEY[code], data: { code, httpStatus } };
  return { status: httpStatus, body: { error: transformerOf(router).output.serialize(shape) } };
}

/**
 * tRPC's node handler for one request. It is documented never to reject; should it, the failure is
 * answered as tRPC answers any other (its exception handler: status 500, the router's error shape).
 */
export function serveTrpcRequest<
  TRouter extends AnyTRPCRouter,
  TRequest extends NodeHTTPRequest,
  TResponse extends NodeHTTPResponse,
>(options: NodeHTTPRequestHandlerOptions<TRouter, TRequest, TResponse>): Promise<void> {
  return nodeHTTPRequestHandler(options).catch(answerTrpcFailure(options));
}

/** What tRPC's node adapter writes when its handler throws: the router's error shape, status 500. */
export function answerTrpcFailure<
  TRouter extends AnyTRPCRouter,
  TRequest extends NodeHTTPRequest,
  TResponse extends NodeHTTPResponse,
>(options: NodeHTTPRequestHandlerOptions<TRouter, TRequest, TResponse>): (cause: unknown) => void {
  return internal_exceptionHandler(options);
}

/** How tRPC's HTTP handler calls a procedure (its `procedure._def` call signature). */
export type ProcedureCall = (opts: {
  path: string;
  getRawInput: () => Promise<unknown>;
  ctx: unknown;
  type: ProcedureType;
  signal: AbortSignal;
  batchIndex: number;
}) => Promise<unknown>;

/** A router's mutations by their dotted path, callable as tRPC's HTTP handler calls them. */
export function mutationCalls(router: AnyTRPCRouter): Map<string, ProcedureCall> {
  const procedures = router._def.procedures as Record<
    string,
    ProcedureCall & { _def: { type: ProcedureType } }
  >;
  return new Map(
    Object.entries(procedures).filter(([, procedure]) => procedure._def.type === 'mutation'),
  );
}

/**
 * What tRPC's HTTP handler answers for one call (alone, or as a batch of one): the status, and the
 * body of `{ result: { data } }` or `{ error: shape }` (the router's error formatter applied), in a
 * list for a batch, through the router's transformer, exactly as resolveResponse writes them.
 */
export function trpcCallAnswer(
  router: AnyTRPCRouter,
  batch: boolean,
  outcome:
    | { data: unknown }
    | { error: TRPCError; path: string; type: ProcedureType; input: unknown; ctx: unknown },
): { status: number; body: string } {
  const config = router._def._config;
  if ('data' in outcome) {
    // What transformTRPCResponse makes of a result, written as it is: its generic copy of the
    // envelope (Babel's object-spread helper) cost a write's answer more than the data's own walk.
    const result = { result: { data: config.transformer.output.serialize(outcome.data) } };
    return { status: 200, body: JSON.stringify(batch ? [result] : result) };
  }
  const response = {
    error: getErrorShape({
      config,
      error: outcome.error,
      type: outcome.type,
      path: outcome.path,
      input: outcome.input,
      ctx: outcome.ctx as never,
    }),
  };
  // A batch of one answers a list of one.
  const sent = batch ? [response] : response;
  return {
    status: getHTTPStatusCode(sent as never),
    body: JSON.stringify(transformTRPCResponse(config, sent as never)),
  };
}

export { getTRPCErrorFromUnknown };
