import { getQueryKey } from '@trpc/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { GameSummary, GameView } from './gameTypes';
import { callHook } from '../../test-support/callHook';
import { trpc } from '../../trpc';
import { useApplyGame } from './cache';

vi.mock('../../trpc', () => import('../../test-support/trpcStandIn'));

// What the lobby and a game room do with a game's new state (a live event, or a write's reply).

const summary = (id: string, minutes: number, patch: Partial<GameSummary> = {}): GameSummary => ({
  id,
  title: `Game ${id}`,
  gameType: 'Nim',
  status: 'WAITING_TO_START',
  players: ['alice'],
  isPrivate: false,
  createdAt: new Date(Date.UTC(2025, 0, 1, 0, minutes)),
  ...patch,
});

const room = (id: string, minutes: number, players: string[]): GameView => ({
  ...summary(id, minutes, {
    players,
    status: players.length === 2 ? 'IN_PROGRESS' : 'WAITING_TO_START',
  }),
  gameType: 'Nim',
  state: {
    status: players.length === 2 ? 'IN_PROGRESS' : 'WAITING_TO_START',
    player1: players[0] ?? null,
    player2: players[1] ?? null,
    moves: [],
    remainingObjects: 21,
    winners: [],
  },
  deadline: null,
});

const lobbyKey = getQueryKey(trpc.game.list, {}, 'query');
const roomKey = (id: string) => getQueryKey(trpc.game.byId, { id }, 'query');

function lobby() {
  const { result: apply, queryClient } = callHook(useApplyGame);
  queryClient.setQueryData(lobbyKey, [summary('b', 2), summary('a', 1)]);
  const listed = () =>
    queryClient.getQueryData<GameSummary[]>(lobbyKey)?.map((g) => `${g.id} ${g.players.join('+')}`);
  return { apply, queryClient, listed };
}

describe("a game's new state", () => {
  it('puts a new game first in the lobby', () => {
    const { apply, listed } = lobby();
    apply(summary('c', 3));
    expect(listed()).toEqual(['c alice', 'b alice', 'a alice']);
  });

  it('updates the lobby card and the open room in place when a player joins', () => {
    const { apply, queryClient, listed } = lobby();
    queryClient.setQueryData(roomKey('a'), room('a', 1, ['alice']));

    apply(room('a', 1, ['alice', 'bob']));

    expect(listed()).toEqual(['b alice', 'a alice+bob']);
    const shown = queryClient.getQueryData<GameView>(roomKey('a'));
    expect(shown?.players).toEqual(['alice', 'bob']);
    expect(shown?.state.status).toBe('IN_PROGRESS');
    expect(queryClient.getQueryState(roomKey('a'))?.isInvalidated).toBe(false);
  });

  it("reads a room again when only the lobby's summary of it arrived (it carries no state)", () => {
    const { apply, queryClient } = lobby();
    queryClient.setQueryData(roomKey('b'), room('b', 2, ['alice']));

    apply(summary('b', 2, { players: ['alice', 'bob'] }));

    expect(queryClient.getQueryState(roomKey('b'))?.isInvalidated).toBe(true);
  });
});
