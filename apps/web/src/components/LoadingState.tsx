export interface LoadingStateProps {
  /** What is loading, e.g. 'Loading user data...'. */
  label?: string;
  /** Fill the whole viewport (used while the session is restored). */
  fullPage?: boolean;
}

/** A spinner with a text, announced politely (role="status"). */
export function LoadingState({ label = 'Loading...', fullPage = false }: LoadingStateProps) {
  return (
    <div className={`loading${fullPage ? ' loading--page' : ''}`} role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
