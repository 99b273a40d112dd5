// One file per area, each with its own migration set (see ../migration-sets.ts).
export * from './content';
export * from './core';
export * from './domain';
export * from './market';
export * from './resource';
