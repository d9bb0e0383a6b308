import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useUserContext } from '../shared/session/context';
import { Button, ButtonLink } from '../shared/components';
import { NotificationBell } from '../features/notifications/NotificationBell';
import { prefixedError } from '../shared/lib/errors';
import { BrandName, Logo } from '../shared/components/Brand';
import { ConnectionIndicator } from './ConnectionIndicator';

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
