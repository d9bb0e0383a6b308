import { gameMessages } from '@app/validators';
import { useState } from 'react';
import { Button, EmptyState } from '../../shared/components';
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
}

/**
 * SPEC Game room, CollabCode view: the shared editor (every player types at once; cursors and names
 * shown), the countdown (m:ss, 'No Start Time' before the first join), Run Tests and the results,
 * which every player in the room sees. Read-only once the game is over or the time is up.
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
}: CollabCodeViewProps) {
  const now = useNow(1000);
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
            <dt>Time left</dt>
            <dd>
              <span
                className={`collab__countdown${timeUp || over ? ' collab__countdown--up' : ''}`}
                role="timer"
              >
                {countdownLabel(deadline, now)}
              </span>
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
          <Button variant="secondary" busy={running} disabled={!canEdit} onClick={onRunTests}>
            {gameMessages.runTests}
          </Button>
        )}
      </div>
      {over && (
        <p className="collab__winners alert alert--info" role="status">
          {winnersLabel(state.winners)}
        </p>
      )}
      {!over && timeUp && (
        <p className="collab__winners alert alert--info" role="status">
          {gameMessages.timeUp}
        </p>
      )}
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
          <p className="collab__results-by">Tests run by {testResults.by}</p>
          <TestResultsPanel results={testResults.results} />
        </div>
      )}
    </div>
  );
}
