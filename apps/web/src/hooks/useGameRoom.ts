import { useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useEffect, useState } from 'react';
import type { TestResult } from '../lib/problemTypes';
import { restartReads, restartReadsUnderWay } from '../lib/queryRestart';
import { trpc } from '../trpc';
import { useApplyGame } from './useGameCache';

// The last room event seen per game this page load: a remounted room resumes after it.
const resumePoints = new Map<string, string>();

export interface RoomTestResults {
  results: TestResult[];
  by: string;
  /** When they ran (ms): of two sightings of the room's results, the later run wins. */
  runAt: number;
}

const newerResults = (current: RoomTestResults | null, next: RoomTestResults) =>
  current && current.runAt > next.runAt ? current : next;

/**
 * One game room: the game (game.byId) kept current from game.onRoom's absolute `state` events, and
 * the latest Run Tests, which every player in the room sees: byId's (kept with the game, so a reload
 * or a later joiner sees them) or a newer `testResults` event. The shared editor follows
 * the same stream for its `codeUpdate` events on its own (components/code-editor/CollabEditor).
 * A reload refetches the state; a dropped connection resumes after the last event seen.
 */
export function useGameRoom(id: string) {
  const queryClient = useQueryClient();
  const apply = useApplyGame();
  const game = trpc.game.byId.useQuery({ id }, { retry: false });
  const [testResults, setTestResults] = useState<RoomTestResults | null>(null);
  const [input] = useState(() => ({ id, lastEventId: resumePoints.get(id) ?? null }));
  const reads = [getQueryKey(trpc.game.byId, { id })];
  // A state event replaces the cached room without them: remember the newest seen.
  const stored = game.data?.testResults;
  useEffect(() => {
    if (stored) setTestResults((current) => newerResults(current, stored));
  }, [stored]);

  trpc.game.onRoom.useSubscription(input, {
    onStarted: () => {
      if (!resumePoints.has(id)) void restartReads(queryClient, reads);
    },
    onData: ({ id: eventId, data }) => {
      resumePoints.set(id, eventId);
      if (data.type === 'state') {
        restartReadsUnderWay(queryClient, reads);
        apply(data.game);
      } else if (data.type === 'testResults') {
        const { results, by, runAt } = data;
        setTestResults((current) => newerResults(current, { results, by, runAt }));
      }
    },
  });

  return { game, testResults };
}
