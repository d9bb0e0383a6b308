import type { IncomingMessage } from 'node:http';

/**
 * The whole body of a request whose length was checked, as UTF-8 text (Node's parser holds it to
 * its Content-Length). Read with 'data' events, not `for await`: the stream's async iterator makes
 * a promise or more for each chunk, on every write of both doors.
 */
export function bodyText(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.once('error', reject);
  });
}
