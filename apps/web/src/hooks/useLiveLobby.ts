import { useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useState } from 'react';
import { restartReads, restartReadsUnderWay } from '../lib/queryRestart';
import { trpc } from '../trpc';
import { useApplyGame } from './useGameCache';

// The last lobby event this page load has seen: a remounted lobby resumes after it.
const resumePoint: { lastEventId: string | null } = { lastEventId: null };

/** Keeps the cached games list current from game.onLobby: new games, joins, starts and ends. */
export function useLiveLobby(): void {
  const queryClient = useQueryClient();
  const apply = useApplyGame();
  // The input is fixed for the life of the subscription; later resumes carry the id in the link layer.
  const [input] = useState(() => ({ lastEventId: resumePoint.lastEventId }));
  const reads = [getQueryKey(trpc.game.list)];

  trpc.game.onLobby.useSubscription(input, {
    onStarted: () => {
      // Without a resume point, events between the list fetch and this start could be lost: refetch once.
      if (!resumePoint.lastEventId) void restartReads(queryClient, reads);
    },
    onData: ({ id, data }) => {
      resumePoint.lastEventId = id;
      if (data.type !== 'state') return;
      restartReadsUnderWay(queryClient, reads);
      apply(data.game);
    },
  });
}
