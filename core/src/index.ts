export * from './constants.ts';
export * from './auth.ts';
