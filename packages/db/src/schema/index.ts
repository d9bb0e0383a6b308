export * from './users';
export * from './questions';
export * from './messaging';
export * from './problems';
export * from './games';
export * from './events';
export * from './notifications';
export * from './cluster';
