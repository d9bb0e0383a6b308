import type { GameEvent } from '@app/api';
import { getQueryKey } from '@trpc/react-query';
import { useEffect, useState } from 'react';
import { keyedResumePoints, useResumableStream } from '../../shared/hooks/useResumableStream';
import { trpc } from '../../trpc';
import type { TestResult } from '../problems/problemTypes';
import { useApplyGame } from './cache';

const roomPoint = keyedResumePoints<string>();

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
 * the same stream for its `codeUpdate` events on its own (collab/CollabEditor).
 * A reload refetches the state; a dropped connection resumes after the last event seen.
 */
export function useGameRoom(id: string) {
  const apply = useApplyGame();
  const game = trpc.game.byId.useQuery({ id }, { retry: false });
  const [testResults, setTestResults] = useState<RoomTestResults | null>(null);
  // A state event replaces the cached room without them: remember the newest seen.
  const stored = game.data?.testResults;
  useEffect(() => {
    if (stored) setTestResults((current) => newerResults(current, stored));
  }, [stored]);

  const stream = useResumableStream<GameEvent, { id: string }>({
    resumePoint: roomPoint(id),
    input: { id },
    reads: [getQueryKey(trpc.game.byId, { id })],
    readsUnderWay: 'restart',
    changesReads: (event) => event.type === 'state',
    onEvent: ({ data }) => {
      if (data.type === 'state') {
        apply(data.game);
      } else if (data.type === 'testResults') {
        const { results, by, runAt } = data;
        setTestResults((current) => newerResults(current, { results, by, runAt }));
      }
    },
  });
  trpc.game.onRoom.useSubscription(stream.input, stream.handlers);

  return { game, testResults };
}
