import type { Role } from '../../core/viewer';

/**
 * The 'account' topic, keyed by username: what a moderator did to that user's account, for their
 * own open pages (a banner, write buttons off) and their socket.io sockets. Only they subscribe.
 */
export type AccountEvent =
  | { type: 'suspended'; username: string; suspendedUntil: Date; reason: string }
  | { type: 'unsuspended'; username: string }
  /** Granted or revoked from the command line: their open pages show or hide the moderators' links. */
  | { type: 'role'; username: string; role: Role };

declare module '../../core/topics' {
  interface EventMap {
    /** Keyed by the username: their own account's changes, for them alone. */
    account: AccountEvent;
  }
}
