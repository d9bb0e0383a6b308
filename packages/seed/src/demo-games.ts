import type { StoryStep } from './story';

const MINUTE = 60 * 1000;

/** The demo CollabCode game's problem (one of DEMO_PROBLEMS). */
export const DEMO_GAME_PROBLEM = 'Two Sum';

export const DEMO_GAMES = {
  nim: { title: 'Friendly Nim', createdBy: 'bob' },
  collabCode: { title: 'Pair on Two Sum', createdBy: 'alice', playerLimit: 4, timeLimit: 60 },
} as const;

/**
 * One open Nim game and one open CollabCode game on a demo problem, both public and waiting for
 * players (a creator is not seated). The CollabCode document needs no writes: the server starts it
 * from the problem's function signature on first load.
 */
export const gameSteps = (): StoryStep[] => [
  {
    ago: 20 * MINUTE,
    write: async (cast) =>
      (await cast.as(DEMO_GAMES.nim.createdBy)).game.createNim({
        title: DEMO_GAMES.nim.title,
        isPrivate: false,
        // Open to visitors, with nobody seated (not even its creator): anyone can take both seats.
        seatCreator: false,
      }),
  },
  {
    ago: 10 * MINUTE,
    write: async (cast) => {
      const { createdBy, title, playerLimit, timeLimit } = DEMO_GAMES.collabCode;
      const api = await cast.as(createdBy);
      const found = await api.problem.list({ search: DEMO_GAME_PROBLEM });
      const problem = found.items.find((p) => p.title === DEMO_GAME_PROBLEM);
      if (!problem) throw new Error(`demo problem ${DEMO_GAME_PROBLEM} is missing`);
      return api.game.createCollabCode({
        title,
        isPrivate: false,
        playerLimit,
        timeLimit,
        problemId: problem.id,
        seatCreator: false,
      });
    },
  },
];
