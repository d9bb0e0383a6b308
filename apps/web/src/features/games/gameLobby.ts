// The games lobby's rules (SPEC §2 Games lobby, §4 join rules), kept pure so they are tested alone.
import { gameMessages, NIM_PLAYERS } from '@app/validators';

export type GameType = 'Nim' | 'CollabCode';
export type GameFilter = 'all' | GameType;

/** What the lobby needs of a game summary. */
export interface LobbyGame {
  id: string;
  title: string;
  gameType: GameType;
  status: string;
  players: readonly string[];
  isPrivate: boolean;
  playerLimit?: number | null;
  createdAt: Date | string | number;
}

export const GAME_FILTERS: readonly GameFilter[] = ['all', 'Nim', 'CollabCode'];

export const gameFilterLabels: Record<GameFilter, string> = {
  all: gameMessages.allGames,
  Nim: 'Nim',
  CollabCode: 'CollabCode',
};

/** The games a filter shows. */
export const filterGames = <G extends LobbyGame>(games: readonly G[], filter: GameFilter): G[] =>
  filter === 'all' ? [...games] : games.filter((game) => game.gameType === filter);

/** SPEC: 'No {type} games available' (the filter's type; nothing for All Games). */
export const noGamesMessage = (filter: GameFilter): string =>
  gameMessages.noGames(filter === 'all' ? null : filter);

/** Nim seats two players; a CollabCode game as many as its limit. */
export function playerLimitOf(game: Pick<LobbyGame, 'gameType' | 'playerLimit'>): number {
  return game.gameType === 'Nim' ? NIM_PLAYERS : (game.playerLimit ?? Infinity);
}

/**
 * What the viewer can do with a game in the lobby (SPEC §4): 'rejoin' a game they are in; 'join'
 * a Nim game WAITING_TO_START or a CollabCode game not OVER; 'full' when the seats are taken
 * (Join is shown disabled); 'closed' otherwise (started Nim or finished games: watch only).
 */
export type JoinState = 'rejoin' | 'join' | 'full' | 'closed';

export function joinState(game: LobbyGame, username: string): JoinState {
  if (game.players.includes(username) && game.status !== 'OVER') return 'rejoin';
  const open =
    game.gameType === 'Nim' ? game.status === 'WAITING_TO_START' : game.status !== 'OVER';
  if (!open) return 'closed';
  return game.players.length >= playerLimitOf(game) ? 'full' : 'join';
}

/** '2 / 4 players' (Nim: of 2). */
export function playerCountLabel(game: Pick<LobbyGame, 'gameType' | 'playerLimit' | 'players'>) {
  const limit = playerLimitOf(game);
  const count = game.players.length;
  return Number.isFinite(limit) ? `${count} / ${limit} players` : `${count} players`;
}

const time = (value: Date | string | number): number => new Date(value).getTime();

/**
 * Applies one game's new summary (a lobby event, or a write's reply) to the cached list: replaces
 * the game, or adds it, newest first. Idempotent, so a replayed event changes nothing.
 */
export function upsertLobbyGame<G extends LobbyGame>(
  list: readonly G[],
  game: G,
  { showFinished = true }: { showFinished?: boolean } = {},
): G[] {
  const rest = list.filter((g) => g.id !== game.id);
  // A list without finished games loses a game as it ends.
  const kept = showFinished || game.status !== 'OVER' ? [...rest, game] : rest;
  return kept.sort(
    (a, b) => time(b.createdAt) - time(a.createdAt) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
  );
}

/** Human status text: 'Waiting for players', 'In progress', 'Over'. */
export function statusText(status: string): string {
  switch (status) {
    case 'WAITING_TO_START':
      return 'Waiting for players';
    case 'IN_PROGRESS':
      return 'In progress';
    case 'OVER':
      return 'Over';
    default:
      return status;
  }
}

/** The lobby's "Show finished" switch, kept in the address (?finished=1) so a reload keeps it. */
export const SHOW_FINISHED_PARAM = 'finished';
export const showFinishedFrom = (params: URLSearchParams): boolean =>
  params.get(SHOW_FINISHED_PARAM) === '1';

/** A game's invite link: the room's address on this site. */
export const inviteLink = (origin: string, gameId: string): string =>
  `${origin}/games/${encodeURIComponent(gameId)}`;
