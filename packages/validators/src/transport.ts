/** One HTTP request carries at most this many batched calls (server refuses more; the client sends no more). */
export const MAX_BATCH_SIZE = 10;
/** The largest request body the server reads: the longest text (30,000 characters) fits with room to spare. */
export const MAX_BODY_BYTES = 256 * 1024;
