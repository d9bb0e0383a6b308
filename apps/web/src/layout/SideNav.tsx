import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { UnreadBadge } from '../features/messaging/UnreadBadge';
import { UnreadMark } from '../features/messaging/UnreadMark';
import { useGlobalChatNews } from '../features/messaging/globalNews';
import { totalUnread } from '../features/messaging/chats';
import { useOptionalUser } from '../shared/session/context';
import { trpc } from '../trpc';

interface MenuItem {
  label: string;
  to: string;
  /** Path prefixes that belong to this item's section (it stays highlighted on them). */
  section: RegExp;
}

export const MENU: MenuItem[] = [
  { label: 'Questions', to: '/home', section: /^\/(home|question\/|new\/)/ },
  { label: 'Tags', to: '/tags', section: /^\/tags(\/|$)/ },
  { label: 'Messaging', to: '/messaging', section: /^\/messaging(\/|$)/ },
  { label: 'Users', to: '/users', section: /^\/users?(\/|$)/ },
  { label: 'Games', to: '/games', section: /^\/games(\/|$)/ },
  { label: 'Problems', to: '/problems', section: /^\/problems?(\/|$)/ },
];

/** Moderators only: the review queue and the audit log. */
export const REVIEW: MenuItem = { label: 'Review', to: '/review', section: /^\/review(\/|$)/ };

const GLOBAL_MESSAGES = '/messaging';
const DIRECT_MESSAGES = '/messaging/direct-message';
const MESSAGING_LINKS = [
  { label: 'Global Messages', to: GLOBAL_MESSAGES },
  { label: 'Direct Messages', to: DIRECT_MESSAGES },
];

/**
 * The left menu (a scrolling bar on phones). Messaging opens its two sub-links; choosing any other item
 * leaves the messaging section, which collapses them. aria-current is 'page' on the exact
 * page's link and 'true' on the item whose section holds the page (e.g. Users on /user/alice).
 */
export function SideNav() {
  const { pathname } = useLocation();
  const moderator = useOptionalUser()?.role === 'moderator';
  const messagingOpen = /^\/messaging(\/|$)/.test(pathname);
  const navRef = useRef<HTMLElement>(null);
  // Unread direct messages: on Direct Messages, and on Messaging so they show from any page.
  const unread = trpc.chat.list.useQuery(undefined, { select: totalUnread }).data ?? 0;
  // Global messages not seen yet: a mark without a number, on Messaging and on Global Messages.
  const globalNews = useGlobalChatNews();

  // On phones the menu is a scrolling bar: keep the current item in view.
  useEffect(() => {
    const current = navRef.current?.querySelector<HTMLElement>('.side-nav__link[aria-current]');
    const list = current?.closest('ul');
    if (!current || !list || list.scrollWidth <= list.clientWidth) return;
    const item = current.getBoundingClientRect();
    const bar = list.getBoundingClientRect();
    const fade = 32; // the faded edges
    if (item.left >= bar.left + fade && item.right <= bar.right - fade) return;
    list.scrollTo({ left: list.scrollLeft + item.left - bar.left - fade, behavior: 'smooth' });
  }, [pathname]);

  // On phones, fade the bar's edges where there is more to scroll to (none when every item fits).
  useEffect(() => {
    const nav = navRef.current;
    const list = nav?.querySelector<HTMLElement>('.side-nav__list');
    if (!nav || !list) return;
    const update = () => {
      const hidden = list.scrollWidth - list.clientWidth;
      nav.toggleAttribute('data-more-before', hidden > 1 && list.scrollLeft > 1);
      nav.toggleAttribute('data-more-after', hidden > 1 && list.scrollLeft < hidden - 1);
    };
    update();
    list.addEventListener('scroll', update, { passive: true });
    const resize = new ResizeObserver(update);
    resize.observe(list);
    return () => {
      list.removeEventListener('scroll', update);
      resize.disconnect();
    };
  }, [pathname, unread, globalNews]);

  return (
    <nav
      ref={navRef}
      className={`side-nav${messagingOpen ? ' has-sub' : ''}`}
      aria-label="Main menu"
    >
      <ul className="side-nav__list">
        {MENU.map((item) => {
          const active = item.section.test(pathname);
          const isMessaging = item.to === '/messaging';
          return (
            <li key={item.to} className="side-nav__item">
              <Link
                to={item.to}
                className={`side-nav__link${active ? ' is-active' : ''}`}
                aria-current={pathname === item.to ? 'page' : active ? 'true' : undefined}
                aria-expanded={isMessaging ? messagingOpen : undefined}
              >
                {item.label}
                {isMessaging && <UnreadBadge count={unread} />}
                {isMessaging && <UnreadMark shown={globalNews} />}
              </Link>
              {isMessaging && messagingOpen && (
                <ul className="side-nav__sub" aria-label="Messaging">
                  {MESSAGING_LINKS.map((sub) => {
                    const current = pathname === sub.to || pathname === `${sub.to}/`;
                    return (
                      <li key={sub.to}>
                        <Link
                          to={sub.to}
                          className={`side-nav__sublink${current ? ' is-active' : ''}`}
                          aria-current={current ? 'page' : undefined}
                        >
                          {sub.label}
                          {sub.to === DIRECT_MESSAGES && <UnreadBadge count={unread} />}
                          {sub.to === GLOBAL_MESSAGES && <UnreadMark shown={globalNews} />}
                        </Link>
                      </li>
                    );
                  })}
                </ul>
              )}
            </li>
          );
        })}
        {moderator && (
          <li className="side-nav__item">
            <Link
              to="/review"
              className={`side-nav__link${REVIEW.section.test(pathname) ? ' is-active' : ''}`}
              aria-current={
                pathname === REVIEW.to ? 'page' : REVIEW.section.test(pathname) ? 'true' : undefined
              }
            >
              {REVIEW.label}
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
