import type { ReactNode } from 'react';
import { BrandName, Logo } from '../../shared/components/Brand';

export interface AuthLayoutProps {
  /** The page's h1, e.g. 'Log in'. */
  title: string;
  /** One line under the title. */
  intro: string;
  children: ReactNode;
  /** The line under the card, e.g. the link to the other form. */
  footer: ReactNode;
}

/** The signed-out frame: brand on top, one centred card. */
export function AuthLayout({ title, intro, children, footer }: AuthLayoutProps) {
  return (
    <div className="auth-page">
      <main className="auth-page__main">
        <div className="auth-page__brand">
          <Logo />
          <BrandName />
        </div>
        <div className="auth-card">
          <h1 className="auth-card__title">{title}</h1>
          <p className="auth-card__intro">{intro}</p>
          {children}
        </div>
        <p className="auth-page__footer">{footer}</p>
      </main>
    </div>
  );
}
