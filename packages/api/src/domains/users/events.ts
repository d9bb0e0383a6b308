/** What anyone may see of a user: never the password hash. */
export interface PublicUser {
  username: string;
  biography: string;
  dateJoined: Date;
}

/** What the 'user' topic carries, keyed by username: the user as they are now. */
export interface UserEvent {
  type: 'created' | 'updated' | 'deleted';
  user: PublicUser;
}

declare module '../../core/topics' {
  interface EventMap {
    user: UserEvent;
  }
}
