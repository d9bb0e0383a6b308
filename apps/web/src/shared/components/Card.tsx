import type { ReactNode } from 'react';

export interface CardProps {
  /** Optional section heading. */
  title?: ReactNode;
  /** 'danger' draws the red border of destructive sections. */
  tone?: 'default' | 'danger';
  /** Heading level of the title (default 2). */
  headingLevel?: 2 | 3;
  className?: string;
  children: ReactNode;
}

/**
 * A white panel with a subtle border. With a title it is a <section> under a heading; it is deliberately
 * not aria-labelled, so getByLabel('Biography') finds the field, not the panel.
 */
export function Card({
  title,
  tone = 'default',
  headingLevel = 2,
  className,
  children,
}: CardProps) {
  const classes = ['card', tone === 'danger' ? 'card--danger' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  if (!title) return <div className={classes}>{children}</div>;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className={classes}>
      <Heading className="card__title">{title}</Heading>
      {children}
    </section>
  );
}
