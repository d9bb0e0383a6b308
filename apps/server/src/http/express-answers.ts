import { transportMessages } from '@app/validators';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from '../ops/log';
import { requestIdOf } from './request-log';

/** A path that names no call (nor a page): 404 and our sentence, not Express's HTML page. */
export const notFoundAnswer: RequestHandler = (_req, res) => {
  res.status(404).type('text/plain').send(transportMessages.unknownRequest);
};

/**
 * What Express raises itself (a path it cannot decode: bad percent-encoding; a body it cannot read)
 * as a status and our sentence: never its HTML page, which shows the stack outside production.
 */
export function expressErrorAnswer(log: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    const status = (error as { status?: unknown } | null)?.status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const message =
        status === 404
          ? transportMessages.unknownRequest
          : status === 413
            ? transportMessages.tooLarge
            : transportMessages.malformed;
      res.status(status).type('text/plain').send(message);
      return;
    }
    log.error({ reqId: requestIdOf(req), err: error }, 'HTTP request failed');
    res.status(500).type('text/plain').send(transportMessages.unexpected);
  };
}
