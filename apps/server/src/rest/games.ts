import { codeText, type GameView } from '@app/api';
import { gameMessages, gameTypeTitle, type ListGamesInput } from '@app/validators';
import { Router } from 'express';
import type { CreateRequestContext } from '../context';
import { objectOf, RestError, restRoute, textOf, type Caller } from './adapter';
import { numberOf } from './problem';
import { wireGame } from './wire';

/** A query value the procedure's schema reads: absent or blank means no filter. */
function filterOf(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** SPEC §7 sends gameID; some builds send gameId or id. */
const gameIdOf = (body: Record<string, unknown>): string =>
  textOf(body.gameID ?? body.gameId ?? body.id);

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
export function gamesRoutes(createRequestContext: CreateRequestContext): Router {
  const router = Router();
  const route = (handler: Parameters<typeof restRoute>[1]) =>
    restRoute(createRequestContext, handler);

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
  // private. Answers the new gameID.
  router.post(
    '/create',
    route(async (req, _res, { caller }) => {
      const body = objectOf(req.body);
      const gameType = body.gameType;
      if (gameType !== 'Nim' && gameType !== 'CollabCode')
        throw new RestError(400, gameMessages.unknownGameType);
      const initial = objectOf(body.initialGameState ?? {}, 'initialGameState');
      const password = typeof initial.password === 'string' ? initial.password : '';
      const basics = {
        title: initial.title === undefined ? gameTypeTitle(gameType) : textOf(initial.title),
        isPrivate: password !== '',
        ...(password !== '' ? { password } : {}),
      };
      const { game } =
        gameType === 'Nim'
          ? await caller.game.createNim(basics)
          : await caller.game.createCollabCode({
              ...basics,
              playerLimit: numberOf(initial.playerLimit),
              timeLimit: numberOf(initial.timeLimit),
              problemId: numberOf(initial.problemID ?? initial.problemId) as number,
            });
      return game.id;
    }),
  );

  // true or false; a right password is remembered by the API so the following join gets in.
  router.post(
    '/verify',
    route(async (req, _res, { caller }) => {
      const body = objectOf(req.body);
      const { ok } = await caller.game.verifyPassword({
        id: gameIdOf(body),
        password: textOf(body.password),
      });
      return ok;
    }),
  );

  router.post(
    '/join',
    route(async (req, _res, { caller, requireSelf }) => {
      const body = objectOf(req.body);
      const me = await requireSelf(body.playerID);
      const password = typeof body.password === 'string' && body.password ? body.password : null;
      const { game } = await caller.game.join({
        id: gameIdOf(body),
        ...(password ? { password } : {}),
      });
      return gameInstance(caller, game, me);
    }),
  );

  router.post(
    '/leave',
    route(async (req, _res, { caller, requireSelf }) => {
      const body = objectOf(req.body);
      await requireSelf(body.playerID);
      const { game } = await caller.game.leave({ id: gameIdOf(body) });
      return wireGame(game);
    }),
  );

  return router;
}
