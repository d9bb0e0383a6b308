import { useSyncExternalStore } from 'react';
import { layoutFor, WORKSPACE_MIN_WIDTH, type WorkspaceLayout } from './workspace';

const QUERY = `(min-width: ${WORKSPACE_MIN_WIDTH}px)`;

const subscribe = (onChange: () => void) => {
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
};

/** The attempt page's layout for the window's width, following it as the window is resized. */
export function useWorkspaceLayout(): WorkspaceLayout {
  return useSyncExternalStore(
    subscribe,
    () => (window.matchMedia(QUERY).matches ? 'split' : 'tabs'),
    () => layoutFor(WORKSPACE_MIN_WIDTH),
  );
}
