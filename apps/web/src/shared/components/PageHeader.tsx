import type { ReactNode } from 'react';

export interface PageHeaderProps {
  /** The page's h1. */
  title: ReactNode;
  /** A short line under the title (counts, subheadings). */
  subtitle?: ReactNode;
  /** Buttons on the right (wrap under the title on phones). */
  actions?: ReactNode;
}

/** The top of every content page: h1, optional subtitle and actions. */
export function PageHeader({ title, subtitle, actions }: PageHeaderProps) {
  return (
    <header className="page-header">
      <div className="page-header__text">
        <h1 className="page-header__title">{title}</h1>
        {subtitle && <div className="page-header__subtitle">{subtitle}</div>}
      </div>
      {actions && <div className="page-header__actions">{actions}</div>}
    </header>
  );
}
