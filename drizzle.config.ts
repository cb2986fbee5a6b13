import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -- --name slug` writes the next SQL migration from worker/db/schema.ts.
export default defineConfig({
  dialect: 'sqlite',
  schema: './worker/db/schema.ts',
  out: './migrations',
});
