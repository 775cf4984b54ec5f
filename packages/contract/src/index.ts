export * from './errors.ts';
export * from './scalars.ts';
export * from './query.ts';
export * from './platform.ts';
export * from './settings.ts';
