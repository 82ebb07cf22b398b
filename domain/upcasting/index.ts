export * from './eventUpcasters.js';
export * from './eventVersions.js';
export * from './upcasterRegistry.js';
