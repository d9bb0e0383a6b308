import { transportMessages } from '@app/validators';
import type { Socket } from 'node:net';

/**
 * Requests Node's HTTP parser cannot read never reach Express: without this, a URL over the header
 * limit gets a bare 431 and a malformed request a bare 400. Answer them in our words instead.
 */
export function answerUnreadableRequest(error: NodeJS.ErrnoException, socket: Socket): void {
  // A response already under way on this connection cannot be followed by another.
  const inFlight = (
    socket as Socket & { _httpMessage?: { headersSent?: boolean; statusCode?: number } | null }
  )._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const [status, reason, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', transportMessages.headersTooLarge]
      : error.code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW'
        ? [413, 'Payload Too Large', transportMessages.tooLarge]
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'Request Timeout', transportMessages.tooSlow]
          : [400, 'Bad Request', transportMessages.malformed];
  const body = `${message}\n`;
  // The request log reads the status of a request that was under way (a body cut for being slow).
  if (inFlight) inFlight.statusCode = status;
  // Closed once the answer is out, not only ended: the server's sockets stay half-open after an
  // end, so a client that keeps its side open (a slow-loris script trickling on) would otherwise
  // keep the connection, and the request under way, for as long as it likes.
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\n` +
      'Content-Type: text/plain; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
    () => socket.destroy(),
  );
}
