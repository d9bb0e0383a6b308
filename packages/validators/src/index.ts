import './zod-messages';
export * from './auth';
export * from './user';
export * from './form';
export * from './question';
export * from './hyperlink';
export * from './text';
export * from './time';
export * from './transport';
