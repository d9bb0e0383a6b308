/**
 * The 'account' topic, keyed by username: what a moderator did to that user's account, for their
 * own open pages (a banner, write buttons off) and their socket.io sockets. Only they subscribe.
 */
export type AccountEvent =
  | { type: 'suspended'; username: string; suspendedUntil: Date; reason: string }
  | { type: 'unsuspended'; username: string };

declare module '../../core/topics' {
  interface EventMap {
    /** Keyed by the username: their own account's changes, for them alone. */
    account: AccountEvent;
  }
}
