/** What the login screen keeps in its history entry: the page a signed-out visitor asked for. */
export interface SignInState {
  from?: string;
}

/** The page to open after signing in: the one asked for (a path of this site), else /home (SPEC §2). */
export function afterSignIn(state: unknown): string {
  const from = (state as SignInState | null)?.from;
  // Only a path on this site: never '//host' or '/\host' (another site) nor the login screens themselves.
  if (typeof from !== 'string' || !/^\/(?![/\\])/.test(from)) return '/home';
  const path = from.split(/[?#]/)[0];
  return path === '/' || path === '/signup' ? '/home' : from;
}
