/** How many spam or rude flags from different users hide an item until a moderator looks. */
export const DEFAULT_HIDE_AFTER_FLAGS = 3;

export interface ModerationDeps {
  /** HIDE_AFTER_FLAGS (README): pending spam or rude flags from different users that hide an item. */
  hideAfterFlags: number;
}

declare module '../../core/deps' {
  interface ApiDeps {
    moderation: ModerationDeps;
  }
}
