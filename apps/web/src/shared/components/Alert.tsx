import type { ReactNode } from 'react';

export type AlertTone = 'error' | 'success' | 'info';

export interface AlertProps {
  tone?: AlertTone;
  children: ReactNode;
  className?: string;
}

/** A message box: errors are role="alert" (announced at once), successes and notes role="status". */
export function Alert({ tone = 'error', children, className }: AlertProps) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={['alert', `alert--${tone}`, className].filter(Boolean).join(' ')}
    >
      {children}
    </div>
  );
}
