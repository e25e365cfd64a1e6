export * from './ai.js';
export * from './corpchat.js';
export * from './envelope.js';
export * from './errors.js';
export * from './identity.js';
export * from './pagination.js';
export * from './permissions.js';
export * from './courses.js';
