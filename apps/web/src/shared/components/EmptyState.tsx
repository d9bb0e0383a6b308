import type { ReactNode } from 'react';

export interface EmptyStateProps {
  /** The main sentence, e.g. 'No Users Found'. */
  title: string;
  /** Optional second line or action. */
  children?: ReactNode;
}

/** What a list shows when it has nothing to show. */
export function EmptyState({ title, children }: EmptyStateProps) {
  return (
    <div className="empty-state">
      <p className="empty-state__title">{title}</p>
      {children && <div className="empty-state__body">{children}</div>}
    </div>
  );
}
