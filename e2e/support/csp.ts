import type { Page } from 'playwright-core';

export interface CspViolation {
  directive: string;
  blockedURI: string;
  sourceFile: string;
}

/**
 * Records every Content-Security-Policy violation the page reports, in every document it loads.
 * Read them with `cspViolations(page)`.
 */
export async function recordCspViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: unknown[] = [];
    (window as unknown as { __csp: unknown[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push({
        directive: event.effectiveDirective,
        blockedURI: event.blockedURI,
        sourceFile: event.sourceFile,
      });
    });
  });
}

/** The violations reported in the current document. */
export async function cspViolations(page: Page): Promise<CspViolation[]> {
  return page.evaluate(() => (window as unknown as { __csp?: CspViolation[] }).__csp ?? []);
}
