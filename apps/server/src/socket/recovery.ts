/**
 * socket.io's connection-state recovery (socket/index.ts): a client that reconnects within
 * RECOVERY_MS gets its socket's id, rooms and data back, and every event sent to those rooms since
 * the last one it received, each once.
 */
export const RECOVERY_MS = 30_000;

/**
 * The client resumes from the offset of the last event it received, and the server keeps events
 * for RECOVERY_MS only: a socket that has heard nothing for longer (or nothing yet) could not
 * resume. So every socket hears this marker on connecting and then every RECOVERY_MARK_MS, which
 * gives it a recent offset. It carries nothing; the original client has no handler for it.
 */
export const RECOVERY_MARK = 'recoveryPoint';
export const RECOVERY_MARK_MS = RECOVERY_MS / 3;
