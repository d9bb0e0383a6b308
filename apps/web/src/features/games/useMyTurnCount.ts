import type { GameEvent } from '@app/api';
import { getQueryKey } from '@trpc/react-query';
import { useResumableStream, type ResumePoint } from '../../shared/hooks/useResumableStream';
import { useOptionalUser } from '../../shared/session/context';
import { trpc } from '../../trpc';

const turnsPoint: ResumePoint = { lastEventId: null };

/**
 * How many of the signed-in viewer's games wait for their move (Nim; CollabCode has no turns), for
 * the tab title's "(n)"; 0 when signed out. game.myTurns is read again whenever a Nim game the
 * viewer plays changes on the lobby's stream (a move, a join, an end).
 */
export function useMyTurnCount(): number {
  const user = useOptionalUser();
  const signedIn = user !== null;
  const utils = trpc.useUtils();
  const turns = trpc.game.myTurns.useQuery(undefined, { enabled: signedIn });
  const concernsMe = (event: GameEvent) =>
    event.type === 'state' &&
    event.game.gameType === 'Nim' &&
    user !== null &&
    event.game.players.includes(user.username);
  const stream = useResumableStream<GameEvent>({
    resumePoint: turnsPoint,
    reads: [getQueryKey(trpc.game.myTurns)],
    readsUnderWay: 'restart',
    changesReads: concernsMe,
    onEvent: ({ data }) => {
      if (concernsMe(data)) void utils.game.myTurns.invalidate();
    },
  });
  trpc.game.onLobby.useSubscription(stream.input, { ...stream.handlers, enabled: signedIn });
  return signedIn ? (turns.data?.length ?? 0) : 0;
}
