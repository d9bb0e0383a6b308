import { gameMessages } from '@app/validators';
import { ensure } from './errors';
import { gamePlayers, type GameState } from './game-state';
import { GAME_STATUS } from './status';

export type { RematchOffer } from './rematch-state';

/** A player of a finished game offers a rematch; a game has one offer at most. */
export function offerRematch<S extends GameState>(state: S, username: string): S {
  ensure(gamePlayers(state).includes(username), gameMessages.notAPlayer, 'notAPlayer');
  ensure(state.status === GAME_STATUS.over, gameMessages.rematchNotOver);
  ensure(state.rematch === undefined, gameMessages.rematchTaken);
  return { ...state, rematch: { by: username, status: 'offered', gameId: null } };
}

/**
 * Another player of the game answers the open offer: accepting names the new game, declining closes
 * the offer for good. An offer already answered (or none) is gone.
 */
export function answerRematch<S extends GameState>(
  state: S,
  username: string,
  answer: { accept: true; gameId: string } | { accept: false },
): S {
  ensure(gamePlayers(state).includes(username), gameMessages.notAPlayer, 'notAPlayer');
  const offer = state.rematch;
  ensure(offer !== undefined && offer.status === 'offered', gameMessages.rematchGone);
  ensure(offer.by !== username, gameMessages.rematchOwnOffer);
  return {
    ...state,
    rematch: answer.accept
      ? { ...offer, status: 'accepted', gameId: answer.gameId }
      : { ...offer, status: 'declined' },
  };
}
