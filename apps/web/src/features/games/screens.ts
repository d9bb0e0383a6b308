// Every game screen, loaded together as one chunk the first time any of them is opened (the shared
// editor, with CodeMirror and Yjs, is a further chunk: collab/CollabCodeEditor).
import '../../styles/problems.css';
import '../../styles/games.css';
export { default as CreateCollabCodePage } from './CreateCollabCodePage';
export { default as CreateNimGamePage } from './CreateNimGamePage';
export { default as GameRoomPage } from './GameRoomPage';
export { default as GamesLobbyPage } from './GamesLobbyPage';
