/** The product mark: a stack of orange bars. */
export function Logo() {
  return (
    <svg className="logo" viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="7" fill="var(--color-accent)" />
      <path
        d="M9 22h14M9 18h14M11 13.5l12 2.5M13.5 8.5l10.5 6"
        stroke="#fff"
        strokeWidth="2.6"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** 'Fake Stack Overflow' with the last word bold; wraps to two lines on narrow phones. */
export function BrandName() {
  return (
    <span className="brand__name">
      Fake Stack <strong>Overflow</strong>
    </span>
  );
}
