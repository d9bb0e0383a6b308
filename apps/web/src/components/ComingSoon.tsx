import { PageHeader } from './PageHeader';

export interface ComingSoonProps {
  /** The screen's heading in the spec's words, e.g. 'All Questions' or 'Chat Room'. */
  title: string;
  /** One sentence on what the screen will do. */
  description?: string;
}

/** Placeholder for a screen that is not built yet: its real heading plus a friendly note. */
export function ComingSoon({ title, description }: ComingSoonProps) {
  return (
    <div className="page">
      <PageHeader title={title} />
      <div className="coming-soon">
        <svg className="coming-soon__icon" viewBox="0 0 48 48" aria-hidden="true">
          <rect
            x="6"
            y="10"
            width="36"
            height="28"
            rx="4"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
          />
          <path
            d="M14 20h20M14 27h12"
            stroke="currentColor"
            strokeWidth="2.5"
            strokeLinecap="round"
          />
        </svg>
        <p className="coming-soon__title">Coming soon</p>
        <p className="coming-soon__text">
          {description ?? 'This part of the site is still being built. Check back shortly.'}
        </p>
      </div>
    </div>
  );
}
