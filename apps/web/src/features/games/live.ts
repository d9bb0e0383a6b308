import type { GameEvent } from '@app/api';
import { getQueryKey } from '@trpc/react-query';
import { useResumableStream, type ResumePoint } from '../../shared/hooks/useResumableStream';
import { trpc } from '../../trpc';
import { useApplyGame } from './cache';

const lobbyPoint: ResumePoint = { lastEventId: null };

/** Keeps the cached games list current from game.onLobby: new games, joins, starts and ends. */
export function useLiveLobby(): void {
  const apply = useApplyGame();
  const stream = useResumableStream<GameEvent>({
    resumePoint: lobbyPoint,
    reads: [getQueryKey(trpc.game.list)],
    readsUnderWay: 'restart',
    changesReads: (event) => event.type === 'state',
    onEvent: ({ data }) => {
      if (data.type === 'state') apply(data.game);
    },
  });
  trpc.game.onLobby.useSubscription(stream.input, stream.handlers);
}
