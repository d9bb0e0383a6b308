import { lazy, Suspense, type ComponentType } from 'react';
import { LoadingState } from '../../shared/components';

// The game screens are a chunk of their own (and the shared editor another), like the problems'.
const screens = () => import('./screens');
type ScreenName = keyof Awaited<ReturnType<typeof screens>>;

function screen(name: ScreenName): ComponentType {
  const Page = lazy(() => screens().then((module) => ({ default: module[name] })));
  return function GameScreen() {
    return (
      <Suspense fallback={<LoadingState />}>
        <Page />
      </Suspense>
    );
  };
}

export const GamesLobbyPage = screen('GamesLobbyPage');
export const CreateNimGamePage = screen('CreateNimGamePage');
export const CreateCollabCodePage = screen('CreateCollabCodePage');
export const GameRoomPage = screen('GameRoomPage');

// For the layout's tab title: how many games wait for the viewer's move (small; not lazy).
export { useMyTurnCount } from './useMyTurnCount';
