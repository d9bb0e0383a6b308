/** One HTTP request carries at most this many batched calls (server refuses more; the client sends no more). */
export const MAX_BATCH_SIZE = 10;
/** The largest request body the server reads: the longest text (30,000 characters) fits with room to spare. */
export const MAX_BODY_BYTES = 256 * 1024;

export const transportMessages = {
  httpOnly: 'Only live updates travel over the WebSocket; send this request over HTTP.',
  malformed: 'The request could not be read. Please reload the page and try again.',
  tooLarge: 'The request is too large.',
  headersTooLarge: 'The request address or its headers are too long.',
  tooSlow: 'The request took too long to arrive.',
  crossSite: 'Changes can only be made from this site’s own pages.',
  /** The XSRF double submit did not match (the original client's REST paths). */
  unverified: 'The request could not be verified. Please reload the page and try again.',
  jsonOnly: 'Changes must be sent as JSON (Content-Type: application/json).',
  liveUpdatesOnly: 'Live updates are sent over the WebSocket only; open one to receive them.',
  unknownRequest: 'There is no such request here. Please reload the page and try again.',
  wrongMethod:
    'This request cannot be sent with that method. Please reload the page and try again.',
  tooManyCalls: `At most ${MAX_BATCH_SIZE} calls can be sent together.`,
  /** No text here may hold U+0000 (PostgreSQL cannot store it; nobody types it). */
  nulCharacter: 'Text cannot contain the NUL character (U+0000).',
  unexpected: 'Something went wrong on our side. Please try again.',
} as const;
