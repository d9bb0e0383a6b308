import { finishingTime, formatCountdown, type GameEndReason } from '@app/games';
import { gameMessages } from '@app/validators';
import { useState } from 'react';
import { Button, EmptyState } from '../../shared/components';
import { RichText } from '../../shared/components/RichText';
import { trpc } from '../../trpc';
import { CollabCodeEditor, type CollabPeer } from './collab/CollabCodeEditor';
import type { RoomTestResults } from './useGameRoom';
import { useNow } from '../../shared/hooks/useNow';
import { countdownLabel, isTimeUp, winnersLabel } from './gameRoom';
import { userColor } from './userColor';
import { TestResultsPanel } from '../problems/TestResultsPanel';

export interface CollabCodeState {
  status: string;
  players: readonly string[];
  playerLimit: number;
  timeLimit: number;
  startTime: number | null;
  problemId: number;
  winners: readonly string[];
  endReason?: GameEndReason;
  endedAt?: number;
}

export interface CollabCodeViewProps {
  gameId: string;
  state: CollabCodeState;
  deadline: number | null;
  problemTitle?: string | null;
  username: string;
  testResults: RoomTestResults | null;
  running: boolean;
  onRunTests: () => void;
  onError: (message: string | null) => void;
  /** A player waiting alone may start the clock. */
  starting: boolean;
  onStart: () => void;
  /** At time-up: 'Time is up — 3 of 5 tests passed'. */
  timeUpLine: string | null;
}

/**
 * SPEC Game room, CollabCode view: the shared editor (every player types at once; cursors and names
 * shown), the countdown (m:ss, 'No Start Time' until the clock starts), Run Tests and the results,
 * which every player in the room sees. Read-only once the game is over or the time is up.
 * Issue 24: the problem's description and visible tests beside the editor; the clock waits for a
 * second player (or Start); at time-up the final code's results; after a win the finishing time.
 */
export function CollabCodeView({
  gameId,
  state,
  deadline,
  problemTitle,
  username,
  testResults,
  running,
  onRunTests,
  onError,
  starting,
  onStart,
  timeUpLine,
}: CollabCodeViewProps) {
  const now = useNow(1000);
  const problem = trpc.problem.byId.useQuery({ id: state.problemId }, { retry: false });
  const waiting = state.status === 'WAITING_TO_START';
  const finished = finishingTime(state as Parameters<typeof finishingTime>[0]);
  const solved = state.endReason?.kind === 'solved' && finished !== null;
  const [peers, setPeers] = useState<CollabPeer[]>([]);
  const isPlayer = state.players.includes(username);
  const over = state.status === 'OVER';
  const timeUp = isTimeUp(deadline, now);
  const canEdit = isPlayer && state.status === 'IN_PROGRESS' && !timeUp;
  const others = peers.filter((peer) => !peer.self);

  return (
    <div className="collab">
      <div className="collab__bar card">
        <dl className="collab__facts">
          <div>
            <dt>Problem</dt>
            <dd>{problemTitle ?? `#${state.problemId}`}</dd>
          </div>
          <div>
            <dt>{solved ? 'Time' : 'Time left'}</dt>
            <dd>
              {solved ? (
                <span className="collab__countdown collab__countdown--done">
                  {gameMessages.finishedIn(formatCountdown(finished))}
                </span>
              ) : (
                <span
                  className={`collab__countdown${timeUp || over ? ' collab__countdown--up' : ''}`}
                  role="timer"
                >
                  {countdownLabel(deadline, now)}
                </span>
              )}
            </dd>
          </div>
          <div>
            <dt>Players</dt>
            <dd>
              {state.players.length} / {state.playerLimit}
              {state.players.length > 0 && `: ${state.players.join(', ')}`}
            </dd>
          </div>
        </dl>
        {isPlayer && (
          <div className="button-row">
            {waiting && (
              <Button busy={starting} onClick={onStart}>
                {gameMessages.start}
              </Button>
            )}
            <Button variant="secondary" busy={running} disabled={!canEdit} onClick={onRunTests}>
              {gameMessages.runTests}
            </Button>
          </div>
        )}
      </div>
      {isPlayer && waiting && <p className="collab__waiting">{gameMessages.waitingForPlayers}</p>}
      {over && (
        <p className="collab__winners alert alert--info" role="status">
          {winnersLabel(state.winners)}
          {timeUpLine && ` · ${timeUpLine}`}
        </p>
      )}
      {!over && timeUp && (
        <p className="collab__winners alert alert--info" role="status">
          {gameMessages.timeUp}
        </p>
      )}
      <div className="collab__workspace">
        <section className="collab__problem card" aria-labelledby={`${gameId}-problem`}>
          <h2 id={`${gameId}-problem`} className="section-title">
            {problem.data?.title ?? problemTitle ?? 'Problem'}
          </h2>
          {problem.data ? (
            <>
              <RichText text={problem.data.problemText} className="collab__problem-text" />
              <h3 className="collab__tests-title">Tests</h3>
              <ul className="collab__tests">
                {problem.data.testCases
                  .filter((test) => !test.hidden)
                  .map((test) => (
                    <li key={test.number}>
                      <code>{test.testCode}</code>
                    </li>
                  ))}
              </ul>
              {problem.data.hiddenTestCount > 0 && (
                <p className="collab__hidden-tests">
                  And {problem.data.hiddenTestCount} hidden{' '}
                  {problem.data.hiddenTestCount === 1 ? 'test' : 'tests'}.
                </p>
              )}
            </>
          ) : problem.isPending ? (
            <p>Loading the problem...</p>
          ) : null}
        </section>
        <div className="collab__editor-column">
          {isPlayer ? (
            <CollabCodeEditor
              label="Shared Code"
              hint={
                canEdit
                  ? 'Everyone in the game edits this code at once. Press Escape, then Tab, to leave the editor.'
                  : 'The game is over: the code can no longer change.'
              }
              gameId={gameId}
              user={{ name: username, ...userColor(username) }}
              canEdit={canEdit}
              isPlayer={isPlayer}
              onError={onError}
              onPeersChange={setPeers}
            />
          ) : (
            <EmptyState title="Only the players of this game see its code.">
              {over ? null : 'Join the game from the lobby to code along.'}
            </EmptyState>
          )}
          {others.length > 0 && (
            <div className="collab__peers">
              <span className="collab__peers-label" id={`${gameId}-peers`}>
                Also editing:
              </span>
              <ul className="collab__peer-list" aria-labelledby={`${gameId}-peers`}>
                {others.map((peer) => (
                  <li key={peer.clientId}>
                    <span className="collab__peer-dot" style={{ backgroundColor: peer.color }} />
                    {peer.name}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {testResults && (
            <div className="collab__results">
              <p className="collab__results-by">
                {testResults.by
                  ? `Tests run by ${testResults.by}`
                  : 'The final code, tested at time-up'}
              </p>
              <TestResultsPanel results={testResults.results} />
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
