import { join, resolve } from "node:path";

/** E2E_DIR lets parallel runs keep their fixture worlds apart. */
export const E2E_DIR = resolve(process.cwd(), process.env.E2E_DIR ?? ".cairn-e2e");
export const E2E_DB = join(E2E_DIR, "cairn.db");
export const E2E_WORLD = join(E2E_DIR, "world");
