import { codeText, type GameView } from '@app/api';
import {
  CreateGamePayload,
  gameIdOf,
  gameTypeTitle,
  JoinGamePayload,
  LeaveGamePayload,
  VerifyGamePayload,
  type ListGamesInput,
} from '@app/validators';
import { Router } from 'express';
import { routesWith, type Caller, type RestDoor } from './adapter';
import { wireGame } from '../wire';

/** A query value the procedure's schema reads: absent or blank means no filter. */
function filterOf(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * A game instance as §3 has it. For a CollabCode player the shared document's text is added as
 * currentCode (game.codeState, the editor's first sync, is for players only).
 */
async function gameInstance(caller: Caller, game: GameView, me: string) {
  if (game.gameType !== 'CollabCode' || !game.players.includes(me)) return wireGame(game);
  const { update } = await caller.game.codeState({ id: game.id });
  return wireGame(game, codeText(update));
}

/** /games: the lobby, creating, the password prompt, joining and leaving. */
export function gamesRoutes(door: RestDoor): Router {
  const router = Router();
  const route = routesWith(door);

  // The lobby as instances: each game's whole state (the room's view), as the client shows it.
  router.get(
    '/games',
    route(async (req, _res, { caller }) => {
      const games = await caller.game.list({
        gameType: filterOf(req.query.gameType) as ListGamesInput['gameType'],
        status: filterOf(req.query.status) as ListGamesInput['status'],
      });
      const views = await Promise.all(games.map((game) => caller.game.byId({ id: game.id })));
      return views.map((game) => wireGame(game));
    }),
  );

  // {gameType, initialGameState}: every missing field gets the create form's default (the title
  // 'Nim Game' or 'Collaborative Coding', public, 4 players, 60 minutes); a password makes it
  // private unless isPrivate says otherwise, and isPrivate without one is refused as the form's is.
  // Answers the new gameID.
  router.post(
    '/create',
    route(CreateGamePayload, async (_req, _res, { caller, body }) => {
      const initial: NonNullable<typeof body.initialGameState> = body.initialGameState ?? {};
      const password = initial.password ?? '';
      const isPrivate = initial.isPrivate ?? password !== '';
      // The original client joins from the lobby after creating: the creator is not seated here.
      const basics = {
        seatCreator: false,
        title: initial.title ?? gameTypeTitle(body.gameType),
        isPrivate,
        ...(isPrivate ? { password } : {}),
      };
      const { game } =
        body.gameType === 'Nim'
          ? await caller.game.createNim(basics)
          : await caller.game.createCollabCode({
              ...basics,
              playerLimit: initial.playerLimit,
              timeLimit: initial.timeLimit,
              problemId: (initial.problemID ?? initial.problemId) as number,
            });
      return game.id;
    }),
  );

  // true or false; a right password is remembered by the API so the following join gets in.
  router.post(
    '/verify',
    route(VerifyGamePayload, async (_req, _res, { caller, body }) => {
      const { ok } = await caller.game.verifyPassword({
        id: gameIdOf(body),
        password: body.password,
      });
      return ok;
    }),
  );

  router.post(
    '/join',
    route(JoinGamePayload, async (_req, _res, { caller, requireSelf, body }) => {
      const me = await requireSelf(body.playerID);
      const password = body.password || null;
      const joined = await caller.game.join({
        id: gameIdOf(body),
        ...(password ? { password } : {}),
      });
      // The original client has no Start button: a CollabCode player who joins alone starts the
      // clock, as SPEC §4's first join did (the web waits for a second player, or Start).
      const alone =
        joined.game.gameType === 'CollabCode' &&
        joined.game.status === 'WAITING_TO_START' &&
        joined.game.players.length === 1;
      const { game } = alone ? await caller.game.start({ id: joined.game.id }) : joined;
      return gameInstance(caller, game, me);
    }),
  );

  router.post(
    '/leave',
    route(LeaveGamePayload, async (_req, _res, { caller, requireSelf, body }) => {
      await requireSelf(body.playerID);
      const { game } = await caller.game.leave({ id: gameIdOf(body) });
      return wireGame(game);
    }),
  );

  return router;
}
