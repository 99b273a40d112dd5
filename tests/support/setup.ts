import { afterAll } from 'vitest';
import { closeDb } from '@/server/db/client';

// Each test file gets its own database handle; release it (and PostgreSQL connections) at the end.
afterAll(async () => {
  await closeDb();
});
