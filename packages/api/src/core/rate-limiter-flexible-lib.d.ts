// Types for the rate-limiter-flexible files rate-limiter-classes.ts imports one by one: each
// file's module.exports is the class of that name, as the package's index types it.
declare module 'rate-limiter-flexible/lib/RateLimiterRedis.js' {
  import { RateLimiterRedis } from 'rate-limiter-flexible';
  export default RateLimiterRedis;
}
declare module 'rate-limiter-flexible/lib/RateLimiterSQLite.js' {
  import { RateLimiterSQLite } from 'rate-limiter-flexible';
  export default RateLimiterSQLite;
}
declare module 'rate-limiter-flexible/lib/RLWrapperTimeouts.js' {
  import { RLWrapperTimeouts } from 'rate-limiter-flexible';
  export default RLWrapperTimeouts;
}
declare module 'rate-limiter-flexible/lib/RateLimiterRes.js' {
  import { RateLimiterRes } from 'rate-limiter-flexible';
  export default RateLimiterRes;
}
