import { defineConfig } from 'drizzle-kit';

// One migration set per area: `AREA=market npx drizzle-kit generate --name add-apps`.
const area = process.env.AREA || 'core';

export default defineConfig({
  dialect: 'postgresql',
  schema: `./src/server/db/schema/${area}.ts`,
  out: `./drizzle/${area}`,
});
