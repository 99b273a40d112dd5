import 'server-only';
import path from 'node:path';

/**
 * Each area owns its tables, its schema file (`schema/<area>.ts`) and its migrations
 * (`drizzle/<area>/`, recorded in its own table), so areas evolve without sharing one journal.
 * Applied in this order: an area may reference tables of the areas before it (all reference core).
 */
export const MIGRATION_SETS = ['core', 'content', 'resource', 'market', 'domain'] as const;
export type MigrationSet = (typeof MIGRATION_SETS)[number];

export const migrationOptions = (area: MigrationSet) => ({
  migrationsFolder: path.join(process.cwd(), 'drizzle', area),
  migrationsTable: area === 'core' ? '__drizzle_migrations' : `__drizzle_migrations_${area}`,
});
