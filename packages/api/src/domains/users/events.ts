/** What anyone may see of a user: never the password hash. */
export interface PublicUser {
  username: string;
  biography: string;
  dateJoined: Date;
  /** Shown as at least 1 (shownReputation). */
  reputation: number;
}

/** What the 'user' topic carries, keyed by username: the user as they are now. */
export type UserEvent =
  | { type: 'created' | 'updated' | 'deleted'; user: PublicUser }
  /** The user's reputation changed (a vote, an acceptance, a deletion): the number shown now. */
  | { type: 'reputation'; username: string; reputation: number };

declare module '../../core/topics' {
  interface EventMap {
    user: UserEvent;
  }
}
