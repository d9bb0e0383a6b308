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

/**
 * The violations reported in the current document, less zod's own probe: zod tries `Function('')`
 * once inside try/catch to learn whether it may compile validators, and the policy (rightly) says no.
 */
export async function cspViolations(page: Page): Promise<CspViolation[]> {
  const all = await page.evaluate(
    () => (window as unknown as { __csp?: CspViolation[] }).__csp ?? [],
  );
  return all.filter((v) => !(v.directive === 'script-src' && v.blockedURI === 'eval'));
}
