// Types for the rate-limiter-flexible files rate-limiter-classes.ts imports one by one: each
// file's module.exports is the class of that name, as the package's index types it.
declare module 'rate-limiter-flexible/lib/RateLimiterRedis.js' {
  import { RateLimiterRedis } from 'rate-limiter-flexible';
  export default RateLimiterRedis;
}
declare module 'rate-limiter-flexible/lib/RateLimiterSQLite.js' {
  import { RateLimiterSQLite } from 'rate-limiter-flexible';
  // Its way to the connection (lib/RateLimiterSQLite.js), which shared-counters.ts wraps in the
  // process's write lock; the package's index does not type it.
  export default class extends RateLimiterSQLite {
    _getConnection(): Promise<unknown>;
    _releaseConnection(connection: unknown): void;
  }
}
declare module 'rate-limiter-flexible/lib/RateLimiterPostgres.js' {
  import { RateLimiterPostgres } from 'rate-limiter-flexible';
  export default RateLimiterPostgres;
}
declare module 'rate-limiter-flexible/lib/RLWrapperTimeouts.js' {
  import { RLWrapperTimeouts } from 'rate-limiter-flexible';
  export default RLWrapperTimeouts;
}
declare module 'rate-limiter-flexible/lib/RateLimiterRes.js' {
  import { RateLimiterRes } from 'rate-limiter-flexible';
  export default RateLimiterRes;
}
