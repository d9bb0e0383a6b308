// The rate-limiter-flexible classes the shared counters use, each from its own file: the
// package's index requires every backend it has (Mongo, MySQL, Postgres, DynamoDB, etcd, Prisma,
// Valkey, Memcache, cluster, …), all of them evaluated at every start for nothing. The package has
// no `exports` map, so its lib/ files are open to import. Their types, for the packages that
// compile this file (the server) as well:
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./rate-limiter-flexible-lib.d.ts" />
import RateLimiterPostgres from 'rate-limiter-flexible/lib/RateLimiterPostgres.js';
import RateLimiterRedis from 'rate-limiter-flexible/lib/RateLimiterRedis.js';
import RateLimiterRes from 'rate-limiter-flexible/lib/RateLimiterRes.js';
import RateLimiterSQLite from 'rate-limiter-flexible/lib/RateLimiterSQLite.js';
import RLWrapperTimeouts from 'rate-limiter-flexible/lib/RLWrapperTimeouts.js';

export {
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
  RateLimiterSQLite,
  RLWrapperTimeouts,
};
