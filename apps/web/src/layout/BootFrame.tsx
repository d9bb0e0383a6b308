import { LoadingState } from '../shared/components';
import { BrandName, Logo } from '../shared/components/Brand';
import { MENU } from './SideNav';

/** The screens a signed-out visitor sees: they keep the plain loading screen. */
const SIGNED_OUT_PATHS = new Set(['/', '/signup']);

/**
 * What a full reload shows while the session is checked (before the router runs): the page frame,
 * header and menu as plain links, with the content area loading, so a signed-in page never blanks to
 * a lone spinner. The real header and menu replace it as soon as the user is known.
 */
export function BootFrame() {
  const { pathname } = window.location;
  if (SIGNED_OUT_PATHS.has(pathname)) return <LoadingState label="Loading..." fullPage />;
  return (
    <div className="app-shell">
      <header className="app-header">
        <div className="app-header__inner">
          <a href="/home" className="brand">
            <Logo />
            <BrandName />
          </a>
        </div>
      </header>
      <div className="app-body">
        <nav className="side-nav" aria-label="Main menu">
          <ul className="side-nav__list">
            {MENU.map((item) => {
              const active = item.section.test(pathname);
              return (
                <li key={item.to} className="side-nav__item">
                  <a
                    href={item.to}
                    className={`side-nav__link${active ? ' is-active' : ''}`}
                    aria-current={pathname === item.to ? 'page' : active ? 'true' : undefined}
                  >
                    {item.label}
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
        <main id="main" className="app-main" tabIndex={-1}>
          <LoadingState label="Loading..." />
        </main>
      </div>
    </div>
  );
}
