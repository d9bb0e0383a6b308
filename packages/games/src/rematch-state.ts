/**
 * A finished game's rematch: one offer per game, from one of its players; another player accepts
 * (then `gameId` is the new game) or declines. Kept in the game's state JSON.
 */
export interface RematchOffer {
  by: string;
  status: 'offered' | 'accepted' | 'declined';
  /** The new game, once accepted. */
  gameId: string | null;
}
