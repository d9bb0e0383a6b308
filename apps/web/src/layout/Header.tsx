import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useUserContext } from '../auth/context';
import { Button, ButtonLink } from '../components';
import { NotificationBell } from '../components/notifications/NotificationBell';
import { prefixedError } from '../lib/errors';
import { ConnectionIndicator } from './ConnectionIndicator';

/** The product mark: a stack of orange bars. */
export function Logo() {
  return (
    <svg className="logo" viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="7" fill="var(--color-accent)" />
      <path
        d="M9 22h14M9 18h14M11 13.5l12 2.5M13.5 8.5l10.5 6"
        stroke="#fff"
        strokeWidth="2.6"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** An arrow leaving a door: Log out's icon on phones. */
function LogoutIcon() {
  return (
    <svg className="app-header__logout-icon" viewBox="0 0 24 24" aria-hidden="true">
      <path
        d="M14 4h4a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-4M9 16l-4-4 4-4M5 12h10"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** 'Fake Stack Overflow' with the last word bold; wraps to two lines on narrow phones. */
export function BrandName() {
  return (
    <span className="brand__name">
      Fake Stack <strong>Overflow</strong>
    </span>
  );
}

/** Signed-in header: product title, live-connection state, the notification bell, View Profile and Log out. */
export function Header() {
  const { user, logout } = useUserContext();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onLogout = async () => {
    setBusy(true);
    setError(null);
    try {
      await logout(); // the route guard then sends us to /
    } catch (err) {
      setError(prefixedError('Error while logging out', err));
      setBusy(false);
    }
  };

  return (
    <header className="app-header">
      <div className="app-header__inner">
        <Link to="/home" className="brand">
          <Logo />
          <BrandName />
        </Link>
        <ConnectionIndicator />
        <div className="app-header__actions">
          <NotificationBell />
          <span className="app-header__user" title={`Signed in as ${user.username}`}>
            {user.username}
          </span>
          <ButtonLink
            variant="secondary"
            size="sm"
            to={`/user/${encodeURIComponent(user.username)}`}
          >
            View Profile
          </ButtonLink>
          {/* A quiet control: leaving is not the page's main action (an icon on phones). */}
          <Button
            variant="ghost"
            size="sm"
            className="app-header__logout"
            title="Log out"
            onClick={() => void onLogout()}
            busy={busy}
          >
            <LogoutIcon />
            <span className="app-header__logout-label">Log out</span>
          </Button>
        </div>
      </div>
      {error && (
        <div className="app-header__error" role="alert">
          {error}
        </div>
      )}
    </header>
  );
}
