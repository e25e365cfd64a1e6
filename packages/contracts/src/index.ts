export * from './envelope.js';
export * from './errors.js';
export * from './pagination.js';
export * from './permissions.js';
