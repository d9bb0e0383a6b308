import type { Who } from './demo-cast';
import type { StoryStep } from './story';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Demo accounts, listed in the README; all share one password. Each joins before the first thing
 * they write in the story (the API refuses writes of someone without an account).
 */
export const DEMO_USERS = [
  {
    username: 'alice',
    biography: 'Backend developer. I like SQL and small functions.',
    joinedAgo: 30 * DAY,
  },
  {
    username: 'bob',
    biography: 'Frontend person: React, CSS and accessibility.',
    joinedAgo: 26 * DAY,
  },
  { username: 'carol', biography: '', joinedAgo: 22 * DAY },
] as const satisfies readonly { username: Who; biography: string; joinedAgo: number }[];

/** The demo users who have no account yet sign up, then write their biography, as anyone would. */
export function userSteps(missing: ReadonlySet<Who>): StoryStep[] {
  return DEMO_USERS.filter((user) => missing.has(user.username)).flatMap((user) => [
    { ago: user.joinedAgo, write: (cast) => cast.signUp(user.username) },
    ...(user.biography
      ? [
          {
            ago: user.joinedAgo - 5 * 60 * 1000,
            write: async (cast) =>
              (await cast.as(user.username)).user.updateBiography({
                username: user.username,
                biography: user.biography,
              }),
          } satisfies StoryStep,
        ]
      : []),
  ]);
}
