import { defineConfig } from "drizzle-kit";

// FTS5 tables live in custom migrations only: never `drizzle-kit push` (it would drop them).
export default defineConfig({
  dialect: "sqlite",
  schema: "./db/schema.ts",
  out: "./db/migrations",
});
