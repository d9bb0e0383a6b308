import { describe, expect, it } from 'vitest';
import {
  filterGames,
  inviteLink,
  showFinishedFrom,
  joinState,
  noGamesMessage,
  playerCountLabel,
  upsertLobbyGame,
  type LobbyGame,
} from './gameLobby';

const game = (patch: Partial<LobbyGame>): LobbyGame => ({
  id: 'g1',
  title: 'A game',
  gameType: 'Nim',
  status: 'WAITING_TO_START',
  players: [],
  isPrivate: false,
  createdAt: new Date('2024-01-01T00:00:00Z'),
  ...patch,
});

describe('filterGames', () => {
  const games = [game({ id: 'n' }), game({ id: 'c', gameType: 'CollabCode', playerLimit: 4 })];
  it('shows every game for All Games and one type otherwise', () => {
    expect(filterGames(games, 'all').map((g) => g.id)).toEqual(['n', 'c']);
    expect(filterGames(games, 'Nim').map((g) => g.id)).toEqual(['n']);
    expect(filterGames(games, 'CollabCode').map((g) => g.id)).toEqual(['c']);
  });
  it('names the type in the empty message', () => {
    expect(noGamesMessage('Nim')).toBe('No Nim games available');
    expect(noGamesMessage('CollabCode')).toBe('No CollabCode games available');
    expect(noGamesMessage('all')).toBe('No games available');
  });
});

describe('joinState (SPEC §4)', () => {
  it('lets anyone join a Nim game only while it waits to start', () => {
    expect(joinState(game({ players: ['ann'] }), 'bob')).toBe('join');
    expect(joinState(game({ status: 'IN_PROGRESS', players: ['ann', 'cy'] }), 'bob')).toBe(
      'closed',
    );
    expect(joinState(game({ status: 'OVER', players: ['ann', 'cy'] }), 'bob')).toBe('closed');
  });
  it('lets anyone join a CollabCode game that is not over, below its player limit', () => {
    const collab = (patch: Partial<LobbyGame>) =>
      game({ gameType: 'CollabCode', playerLimit: 2, ...patch });
    expect(joinState(collab({}), 'bob')).toBe('join');
    expect(joinState(collab({ status: 'IN_PROGRESS', players: ['ann'] }), 'bob')).toBe('join');
    expect(joinState(collab({ status: 'IN_PROGRESS', players: ['ann', 'cy'] }), 'bob')).toBe(
      'full',
    );
    expect(joinState(collab({ status: 'OVER' }), 'bob')).toBe('closed');
  });
  it('offers a player of an unfinished game to go back in', () => {
    expect(joinState(game({ status: 'IN_PROGRESS', players: ['ann', 'bob'] }), 'bob')).toBe(
      'rejoin',
    );
    expect(joinState(game({ status: 'OVER', players: ['ann', 'bob'] }), 'bob')).toBe('closed');
  });
  it('counts players against the limit', () => {
    expect(playerCountLabel(game({ players: ['ann'] }))).toBe('1 / 2 players');
    expect(
      playerCountLabel(game({ gameType: 'CollabCode', playerLimit: 6, players: ['a', 'b'] })),
    ).toBe('2 / 6 players');
  });
});

describe('upsertLobbyGame', () => {
  const older = game({ id: 'old', createdAt: new Date('2024-01-01T00:00:00Z') });
  const newer = game({ id: 'new', createdAt: new Date('2024-02-01T00:00:00Z') });
  it('adds a new game newest first', () => {
    expect(upsertLobbyGame([older], newer).map((g) => g.id)).toEqual(['new', 'old']);
  });
  it('replaces a known game in place and is idempotent', () => {
    const started = { ...older, status: 'IN_PROGRESS', players: ['ann', 'bob'] };
    const once = upsertLobbyGame([newer, older], started);
    expect(once).toEqual([newer, started]);
    expect(upsertLobbyGame(once, started)).toEqual(once);
  });
});

describe('issue 24: the lobby without finished games, and invite links', () => {
  it('a list without finished games drops a game as it ends; the whole list keeps it', () => {
    const playing = game({ id: 'g1', status: 'IN_PROGRESS' });
    const ended = { ...playing, status: 'OVER' };
    expect(upsertLobbyGame([playing], ended, { showFinished: false })).toEqual([]);
    expect(upsertLobbyGame([playing], ended, { showFinished: true })).toEqual([ended]);
    expect(upsertLobbyGame([playing], ended)).toEqual([ended]);
  });

  it('"Show finished" is kept in the address as ?finished=1', () => {
    expect(showFinishedFrom(new URLSearchParams('finished=1'))).toBe(true);
    expect(showFinishedFrom(new URLSearchParams(''))).toBe(false);
  });

  it("an invite link is the room's address on this site", () => {
    expect(inviteLink('https://example.org', 'Ab_9-x')).toBe('https://example.org/games/Ab_9-x');
  });
});
