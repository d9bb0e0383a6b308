import { ComingSoon } from '../../components';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';

/** /games: the games lobby (placeholder). */
export function GamesLobbyPage() {
  useDocumentTitle('Games');
  return (
    <ComingSoon
      title="Available Games"
      description="Create or join real-time Nim and CollabCode games with other users."
    />
  );
}

/** /games/create-nim-game (placeholder). */
export function CreateNimGamePage() {
  useDocumentTitle('Create Nim Game');
  return (
    <ComingSoon
      title="Create Nim Game"
      description="Set up a new game of Nim, public or private."
    />
  );
}

/** /games/create-collab-code (placeholder). */
export function CreateCollabCodePage() {
  useDocumentTitle('Create CollabCode Game');
  return (
    <ComingSoon
      title="Create CollabCode Game"
      description="Pick a coding problem and solve it together against the clock."
    />
  );
}

/** /games/:gameID: a game room (placeholder). */
export function GameRoomPage() {
  useDocumentTitle('Game Room');
  return <ComingSoon title="Game Room" description="Play a game live with the other players." />;
}
