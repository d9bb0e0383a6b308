import { gameMessages } from '@app/validators';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import {
  Alert,
  Button,
  ButtonLink,
  EmptyState,
  LoadingState,
  PageHeader,
} from '../../shared/components';
import { useUserContext } from '../../shared/session/context';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { useApplyGame } from './cache';
import { useGameRoom } from './useGameRoom';
import { errorCode, errorMessage } from '../../shared/lib/errors';
import { roomTitle, statusLine } from './gameRoom';
import { trpc } from '../../trpc';
import { CollabCodeView, type CollabCodeState } from './CollabCodeView';
import { NimView, type NimState } from './NimView';

/**
 * Game room (/games/{gameID}, SPEC §2): the title by type, 'Status: …', Leave Game, the game's view
 * and the error text. A refused move's sentence is the mutation's error, so only its player sees it.
 */
function GameRoom({ id }: { id: string }) {
  const { user } = useUserContext();
  const navigate = useNavigate();
  const apply = useApplyGame();
  const { game, testResults } = useGameRoom(id);
  const leave = trpc.game.leave.useMutation();
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
  const onLeave = async () => {
    setError(null);
    if (isPlayer && data.status !== 'OVER') {
      try {
        apply((await leave.mutateAsync({ id })).game);
      } catch (err) {
        setError(errorMessage(err));
        return;
      }
    }
    void navigate('/games');
  };
  const onNimMove = async (numObjects: number) => {
    setError(null);
    setMoveError(null);
    try {
      apply((await nimMove.mutateAsync({ id, numObjects })).game);
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
          <Button variant="danger" busy={leave.isPending} onClick={() => void onLeave()}>
            {gameMessages.leaveGame}
          </Button>
        }
      />
      {error && <Alert className="game-room__error">{error}</Alert>}
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
          onError={setError}
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
