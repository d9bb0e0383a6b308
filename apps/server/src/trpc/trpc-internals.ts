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

/**
 * The one file that reaches into tRPC past its documented API: the router's definition (`_def`) and
 * the node adapter's `internal_` exception handler. A tRPC upgrade that changes one of them breaks
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
