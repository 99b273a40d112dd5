import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { integer, serial, timestamp } from 'drizzle-orm/pg-core';

/** Columns every area's tables share, so a table says only what is its own. */
export const at = (name: string) => timestamp(name, { withTimezone: true });
export const id = () => serial('id').primaryKey();
export const createdAt = () => at('created_at').notNull().defaultNow();
export const updatedAt = () => at('updated_at').notNull().defaultNow();

/** A row that belongs to another: removed with it. */
export const ownedBy = (name: string, parent: () => AnyPgColumn) =>
  integer(name).notNull().references(parent, { onDelete: 'cascade' });

/** A row that names another (an author, a reviewer): kept, the reference cleared, when it goes. */
export const namedBy = (name: string, parent: () => AnyPgColumn) =>
  integer(name).references(parent, { onDelete: 'set null' });
