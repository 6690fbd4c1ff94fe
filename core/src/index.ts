export * from './constants.ts';
export * from './auth.ts';
export * from './cv.ts';
export * from './dates.ts';
export * from './ratings.ts';
export * from './sample-cv.ts';
export * from './sections/index.ts';
export * from './section-status.ts';
