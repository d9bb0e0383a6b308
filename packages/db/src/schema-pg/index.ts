// The PostgreSQL schema: the tables of ../schema under the same names, checked against them by
// test/schema-dialects.test.ts. Its migrations are drizzle-pg/ (drizzle.pg.config.ts).
export * from './users';
export * from './questions';
export * from './messaging';
export * from './problems';
export * from './games';
export * from './events';
export * from './notifications';
export * from './cluster';
export * from './moderation';
