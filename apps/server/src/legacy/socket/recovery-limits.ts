/**
 * The bounds of socket.io's connection-state recovery (recovery.ts), in a file of their own so the
 * bridge and the identities can read them without importing the recovery that uses them.
 */
export const RECOVERY_MS = 30_000;

/**
 * The client resumes from the offset of the last event it received: a socket that has heard
 * nothing for long would resume from an old one, and its replay would read every event since. So
 * every socket hears this marker on connecting and then every RECOVERY_MARK_MS, which gives it a
 * recent offset. It carries nothing; the original client has no handler for it.
 */
export const RECOVERY_MARK = 'recoveryPoint';
export const RECOVERY_MARK_MS = RECOVERY_MS / 3;

/** At most this many events of each topic are read for one recovery: more, and it starts afresh. */
export const REPLAY_EVENT_LIMIT = 5000;
/** At most this many missed packets are handed back: more, and it starts afresh. */
export const REPLAY_PACKET_LIMIT = 1000;
/** How long a process may take to have handled the events a client heard from another one. */
export const CATCH_UP_MS = 2000;

/** A packet as socket.io hands it back: the event's name, its payload, and its offset last. */
export type MissedPacket = unknown[];
