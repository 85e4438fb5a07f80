import { join, resolve } from "node:path";

export const E2E_DIR = resolve(process.cwd(), ".cairn-e2e");
export const E2E_DB = join(E2E_DIR, "cairn.db");
export const E2E_WORLD = join(E2E_DIR, "world");
