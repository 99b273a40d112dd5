// One file per area; drizzle-kit reads them all (drizzle.config.ts).
export * from './accounts';
