import { NIM_INITIAL_OBJECTS, NIM_MAX_TAKE, NIM_MIN_TAKE } from '@app/validators';
import { useState, type FormEvent } from 'react';
import { Button, TextField } from '../../shared/components';
import { nimMaxTake, nimPlayerToMove, nimTakeFromInput, winnersLabel } from './gameRoom';

export interface NimState {
  status: string;
  player1: string | null;
  player2: string | null;
  moves: readonly { player: string; numObjects: number }[];
  remainingObjects: number;
  winners: readonly string[];
}

export interface NimViewProps {
  state: NimState;
  username: string;
  moving: boolean;
  onMove: (numObjects: number) => void;
  /** The server's refusal of this player's last move, shown beside the input until it is edited. */
  moveError?: string | null;
  onEdit?: () => void;
}

/**
 * SPEC Game room, Nim view: the rules, the players, whose turn it is, the objects left (drawn as a
 * row of dots), the winner or 'No winner', and the move input with Submit Move (only for the player
 * to move; the input keeps the last digit typed, 1 to 3 and never more than are left; empty resets
 * to 1). What is wrong with a move shows beside the input, so the board does not move.
 */
export function NimView({ state, username, moving, onMove, moveError, onEdit }: NimViewProps) {
  const [count, setCount] = useState(1);
  const [refused, setRefused] = useState<string | null>(null);
  const maxTake = nimMaxTake(state.remainingObjects);
  // Objects taken by the other player since the digit was typed lower the cap too.
  const take = Math.min(count, maxTake);
  const toMove = nimPlayerToMove(state);
  const myTurn = toMove === username;
  const inProgress = state.status === 'IN_PROGRESS';
  const over = state.status === 'OVER';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (myTurn) onMove(take);
  };

  return (
    <div className="nim">
      <section className="nim__rules card" aria-labelledby="nim-rules">
        <h2 id="nim-rules" className="section-title">
          Rules
        </h2>
        <p>
          There are {NIM_INITIAL_OBJECTS} objects. Players take turns removing {NIM_MIN_TAKE} to{' '}
          {NIM_MAX_TAKE} objects. Whoever takes the last object loses.
        </p>
      </section>
      <section className="nim__board card" aria-labelledby="nim-board">
        <h2 id="nim-board" className="visually-hidden">
          Board
        </h2>
        <dl className="nim__facts">
          <div>
            <dt>Player 1</dt>
            <dd>{state.player1 ?? 'Waiting for a player'}</dd>
          </div>
          <div>
            <dt>Player 2</dt>
            <dd>{state.player2 ?? 'Waiting for a player'}</dd>
          </div>
          {inProgress && (
            <div>
              <dt>Player to move</dt>
              <dd className="nim__to-move">
                {toMove}
                {myTurn && ' (you)'}
              </dd>
            </div>
          )}
          <div>
            <dt>Remaining objects</dt>
            <dd className="nim__remaining" aria-live="polite">
              {state.remainingObjects}
            </dd>
          </div>
        </dl>
        <div className="nim__objects" aria-hidden="true">
          {Array.from({ length: NIM_INITIAL_OBJECTS }, (_, i) => (
            <span
              key={i}
              className={`nim__object${i < state.remainingObjects ? '' : ' nim__object--taken'}`}
            />
          ))}
        </div>
        {over && (
          <p className="nim__winners" role="status">
            {winnersLabel(state.winners)}
          </p>
        )}
        {inProgress && (
          <form className="nim__move" onSubmit={submit}>
            <TextField
              label={`Objects to take (${NIM_MIN_TAKE} to ${maxTake})`}
              inputMode="numeric"
              autoComplete="off"
              min={NIM_MIN_TAKE}
              max={maxTake}
              value={String(take)}
              error={refused ?? moveError}
              onChange={(e) => {
                const next = nimTakeFromInput(e.target.value, state.remainingObjects);
                setCount(next.take);
                setRefused(next.refused);
                onEdit?.();
              }}
            />
            <Button
              type="submit"
              busy={moving}
              disabled={!myTurn}
              title={myTurn ? undefined : 'Wait for your turn'}
            >
              Submit Move
            </Button>
            {!myTurn && (
              <p className="nim__wait">
                {state.player1 === username || state.player2 === username
                  ? `Waiting for ${toMove ?? 'the other player'} to move.`
                  : 'You are watching this game.'}
              </p>
            )}
          </form>
        )}
      </section>
      {state.moves.length > 0 && (
        <section className="nim__history card" aria-labelledby="nim-moves">
          <h2 id="nim-moves" className="section-title">
            Moves
          </h2>
          <ol className="nim__moves">
            {state.moves.map((move, i) => (
              <li key={i}>
                {move.player} took {move.numObjects}
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}
