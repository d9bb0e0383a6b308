import { Outlet } from 'react-router-dom';
import { useLiveChats } from '../features/messaging/live';
import { useReadOnOpen } from '../features/notifications/useReadOnOpen';
import { SuspensionBanner } from '../features/moderation/SuspensionBanner';
import { FlagContext } from '../shared/moderation/flagging';
import { trpc } from '../trpc';
import { Header } from './Header';
import { SideNav } from './SideNav';
import { useAttention } from './useAttention';
import { useMenuHiddenOnScroll } from './useMenuHiddenOnScroll';

/** The signed-in frame: header on top, menu on the left (a bar on phones), the page on the right. */
export function AppLayout() {
  // The viewer's chats stay live on every page, so unread counts are always current.
  useLiveChats();
  // The tab title counts what waits for the viewer; opening a question reads its notifications.
  useAttention();
  useReadOnOpen();
  const menuHidden = useMenuHiddenOnScroll();
  // Any page's posts, messages and problems may be flagged (shared/moderation/FlagButton).
  const { mutateAsync: sendFlag } = trpc.flag.create.useMutation();
  return (
    <FlagContext.Provider value={sendFlag}>
      <div className={`app-shell${menuHidden ? ' is-menu-hidden' : ''}`}>
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <Header />
        <div className="app-body">
          <SideNav />
          <main id="main" className="app-main" tabIndex={-1}>
            <SuspensionBanner />
            <Outlet />
          </main>
        </div>
      </div>
    </FlagContext.Provider>
  );
}
