import { appRouter, createContext, createMemorySessionStore, createRateLimiters } from '@app/api';
import type { ApiDeps } from '@app/api';

/** The demo's users (README), who all share one password. */
export type Who = 'alice' | 'bob' | 'carol';
export const DEMO_PASSWORD = 'password123';
const DEMO_SCRYPT_LOG_N = 10;

export type DemoCaller = ReturnType<typeof appRouter.createCaller>;

/** The demo users as the API sees them: each calls the procedures with a cookie jar of their own. */
export interface Cast {
  /** Signs the user up through auth.signup (hashing and all), which signs them in. */
  signUp(who: Who): Promise<DemoCaller>;
  /** The user's caller, signed in: through auth.login when they joined before this run. */
  as(who: Who): Promise<DemoCaller>;
  /** Ends every session the seed started, so no demo user stays signed in by it. */
  signOut(): Promise<void>;
}

/** The seed calls the procedures from inside the server process, as a client on this machine would. */
const SEED_ADDRESS = '127.0.0.1';

/**
 * Callers over the server's shared dependencies (its bus, caches and sandbox), but counted against
 * limiters of their own: the site's default limits apply to every demo write, and the people who
 * sign in right after start find their allowances (and this address's sign-ups) untouched. Their
 * password is published in the README, so a costly hash would protect nothing: the demo accounts'
 * hashes are made at the lowest cost, which spares a fresh server about a third of a second (each
 * hash keeps the cost it was made with).
 */
export function createCast(deps: ApiDeps): Cast {
  const seedDeps: ApiDeps = {
    ...deps,
    limiters: createRateLimiters({ db: deps.db, shared: deps.shared, namespace: 'seed:' }),
    scryptLogN: DEMO_SCRYPT_LOG_N,
  };
  const callers = new Map<Who, DemoCaller>();
  const signedIn = new Set<Who>();
  const callerOf = (who: Who): DemoCaller => {
    let caller = callers.get(who);
    if (!caller) {
      caller = appRouter.createCaller(
        createContext(seedDeps, {
          session: createMemorySessionStore(),
          clientAddress: SEED_ADDRESS,
          transport: 'internal',
        }),
      );
      callers.set(who, caller);
    }
    return caller;
  };
  return {
    async signUp(who) {
      const caller = callerOf(who);
      await caller.auth.signup({ username: who, password: DEMO_PASSWORD });
      signedIn.add(who);
      return caller;
    },
    async as(who) {
      const caller = callerOf(who);
      if (signedIn.has(who)) return caller;
      await caller.auth
        .login({ username: who, password: DEMO_PASSWORD })
        .catch((error: unknown) => {
          throw new Error(`The demo content is written as ${who}, who cannot sign in: ${error}`, {
            cause: error,
          });
        });
      signedIn.add(who);
      return caller;
    },
    async signOut() {
      for (const who of signedIn) await callerOf(who).auth.logout();
      signedIn.clear();
    },
  };
}
