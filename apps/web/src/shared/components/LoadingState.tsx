export interface LoadingStateProps {
  /** What is loading, e.g. 'Loading user data...'. */
  label?: string;
  /** Fill the whole viewport (used while the session is restored). */
  fullPage?: boolean;
}

/** A spinner with a text, announced politely (role="status"); busy, so the page is not yet settled. */
export function LoadingState({ label = 'Loading...', fullPage = false }: LoadingStateProps) {
  return (
    <div className={`loading${fullPage ? ' loading--page' : ''}`} role="status" aria-busy="true">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
