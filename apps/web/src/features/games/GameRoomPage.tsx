import { canJoinGame, resultLine, timeUpLine, type GameState } from '@app/games';
import { gameMessages } from '@app/validators';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import {
  Alert,
  Button,
  ButtonLink,
  EmptyState,
  LoadingState,
  Modal,
  PageHeader,
} from '../../shared/components';
import { useUserContext } from '../../shared/session/context';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { useApplyGame } from './cache';
import { useGameRoom } from './useGameRoom';
import { errorCode, errorMessage } from '../../shared/lib/errors';
import { leaveConfirmation, roomTitle, statusLine } from './gameRoom';
import { trpc } from '../../trpc';
import { CollabCodeView, type CollabCodeState } from './CollabCodeView';
import { JoinPasswordModal } from './JoinPasswordModal';
import { NimView, type NimState } from './NimView';
import { RematchPanel } from './RematchPanel';

/**
 * Game room (/games/{gameID}, SPEC §2): the title by type, 'Status: …', Leave Game, the game's view
 * and the error text. A refused move's sentence is the mutation's error, so only its player sees it.
 * Issue 24: someone who is not a player sees Join (or the password prompt), never Leave; leaving a
 * game in progress asks first ('Resign this game?' for Nim, 'Leave this game?' for CollabCode); a finished game says who won and why to each
 * viewer in their own words, and its players may offer a rematch.
 */
function GameRoom({ id }: { id: string }) {
  const { user } = useUserContext();
  const navigate = useNavigate();
  const apply = useApplyGame();
  const { game, testResults } = useGameRoom(id);
  const leave = trpc.game.leave.useMutation();
  const join = trpc.game.join.useMutation();
  const start = trpc.game.start.useMutation();
  const [confirmingLeave, setConfirmingLeave] = useState(false);
  const [askingPassword, setAskingPassword] = useState(false);
  const nimMove = trpc.game.nimMove.useMutation();
  const runTests = trpc.game.runTests.useMutation();
  const [error, setError] = useState<string | null>(null);
  const [moveError, setMoveError] = useState<string | null>(null);
  const data = game.data;
  useDocumentTitle(data ? `${data.title} - ${roomTitle(data.gameType)}` : 'Game Room');

  if (game.isPending) return <LoadingState label="Loading game..." />;
  if (!data) {
    return (
      <div className="page game-room">
        <PageHeader title="Game Room" />
        {errorCode(game.error) === 'NOT_FOUND' ? (
          <EmptyState title={gameMessages.gameNotFound}>
            <ButtonLink to="/games" variant="secondary">
              Back to Games
            </ButtonLink>
          </EmptyState>
        ) : (
          <Alert>{errorMessage(game.error)}</Alert>
        )}
      </div>
    );
  }

  const isPlayer = data.players.includes(user.username);
  const over = data.status === 'OVER';
  const leaveNow = async () => {
    setError(null);
    if (isPlayer && !over) {
      try {
        apply((await leave.mutateAsync({ id })).game);
      } catch (err) {
        setConfirmingLeave(false);
        setError(errorMessage(err));
        return;
      }
    }
    void navigate('/games');
  };
  // Leaving a game in progress gives it up (Nim) or leaves it to the others (CollabCode): asked first.
  const leaving = leaveConfirmation(data.gameType);
  const onLeave = () =>
    isPlayer && data.status === 'IN_PROGRESS' ? setConfirmingLeave(true) : void leaveNow();
  const joinWith = async (password?: string): Promise<string | null> => {
    setError(null);
    try {
      apply((await join.mutateAsync({ id, ...(password ? { password } : {}) })).game);
      setAskingPassword(false);
      return null;
    } catch (err) {
      return errorMessage(err);
    }
  };
  const onJoin = () => {
    if (data.isPrivate) setAskingPassword(true);
    else void joinWith().then((refusal) => setError(refusal));
  };
  const onStart = async () => {
    setError(null);
    try {
      apply((await start.mutateAsync({ id })).game);
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  const state = data.state as GameState;
  const personal = resultLine(state, user.username);
  const joinable = canJoinGame(data);
  const onNimMove = async (numObjects: number) => {
    setError(null);
    setMoveError(null);
    try {
      // The moves this board shows: a move sent again, or for a board that changed meanwhile, is refused.
      const afterMoves = (data.state as NimState).moves.length;
      apply((await nimMove.mutateAsync({ id, numObjects, afterMoves })).game);
    } catch (err) {
      setMoveError(errorMessage(err));
    }
  };
  const onRunTests = async () => {
    setError(null);
    try {
      await runTests.mutateAsync({ id });
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <div className="page game-room">
      <PageHeader
        title={roomTitle(data.gameType)}
        subtitle={
          <span className="game-room__subtitle">
            <span className="game-room__name">{data.title}</span>
            <span className="game-room__status">{statusLine(data.state.status)}</span>
          </span>
        }
        actions={
          isPlayer ? (
            <Button variant="danger" busy={leave.isPending} onClick={onLeave}>
              {gameMessages.leaveGame}
            </Button>
          ) : joinable ? (
            <Button busy={join.isPending} onClick={onJoin}>
              {gameMessages.join}
            </Button>
          ) : (
            <ButtonLink to="/games" variant="secondary">
              Back to Games
            </ButtonLink>
          )
        }
      />
      {error && <Alert className="game-room__error">{error}</Alert>}
      {personal && (
        <p className="game-room__result alert alert--info" role="status">
          {personal}
        </p>
      )}
      {over && isPlayer && (
        <RematchPanel gameId={id} username={user.username} rematch={state.rematch} />
      )}
      {data.gameType === 'Nim' ? (
        <NimView
          state={data.state as NimState}
          username={user.username}
          moving={nimMove.isPending}
          onMove={(n) => void onNimMove(n)}
          moveError={moveError}
          onEdit={() => setMoveError(null)}
        />
      ) : (
        <CollabCodeView
          gameId={id}
          state={data.state as CollabCodeState}
          deadline={data.deadline}
          problemTitle={data.problemTitle}
          username={user.username}
          testResults={testResults}
          running={runTests.isPending}
          onRunTests={() => void onRunTests()}
          starting={start.isPending}
          onStart={() => void onStart()}
          timeUpLine={timeUpLine(state.endReason)}
          onError={setError}
        />
      )}
      {confirmingLeave && (
        <Modal
          title={leaving.title}
          onClose={() => setConfirmingLeave(false)}
          initialFocus="[data-autofocus]"
          actions={
            <>
              <Button variant="danger" busy={leave.isPending} onClick={() => void leaveNow()}>
                {leaving.action}
              </Button>
              <Button
                variant="secondary"
                disabled={leave.isPending}
                onClick={() => setConfirmingLeave(false)}
                data-autofocus
              >
                {gameMessages.cancel}
              </Button>
            </>
          }
        >
          <p>{leaving.body}</p>
        </Modal>
      )}
      {askingPassword && (
        <JoinPasswordModal
          gameTitle={data.title}
          onSubmit={joinWith}
          onClose={() => setAskingPassword(false)}
        />
      )}
    </div>
  );
}

export default function GameRoomPage() {
  const { gameID = '' } = useParams();
  // A new room is a new page: its subscriptions and editor start over.
  return <GameRoom key={gameID} id={gameID} />;
}
