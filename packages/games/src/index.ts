export * from './status';
export * from './errors';
export * from './nim';
export * from './collab-code';
export * from './countdown';
export * from './nim-input';
export * from './lobby';
export * from './game-state';
