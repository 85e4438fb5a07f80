import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

/** The real-world corpus suite (`npm run test:corpus`): reads ../shared/corpus at test time. */
export default defineConfig({
  resolve: {
    alias: {
      "@": fileURLToPath(new URL("./", import.meta.url)),
      "server-only": fileURLToPath(new URL("./tests/support/server-only-stub.ts", import.meta.url)),
    },
  },
  test: {
    include: ["tests/corpus/**/*.test.ts"],
    testTimeout: 120_000,
    pool: "forks",
  },
});
