/** Folders never walked: dependencies, build output, caches. */
export const SKIPPED_FOLDERS = new Set([
  "node_modules",
  "vendor",
  "vendors",
  "third_party",
  "bower_components",
  "dist",
  "build",
  "out",
  ".next",
  ".nuxt",
  ".svelte-kit",
  "target",
  "coverage",
  ".venv",
  "venv",
  "__pycache__",
  ".tox",
  ".mypy_cache",
  ".pytest_cache",
  ".cache",
  ".gradle",
  ".idea",
  ".turbo",
  ".terraform",
  "Pods",
  "DerivedData",
  ".Trash",
  "Library",
  ".npm",
  ".cargo",
  ".rustup",
  ".pnpm-store",
  ".yarn",
]);

export const MAX_ROOT_DEPTH = 6;
export const MAX_REPO_DEPTH = 8;
export const MAX_FILE_BYTES = 2 * 1024 * 1024;
export const BINARY_SNIFF_BYTES = 8 * 1024;
/** Discovery rules (`.cairnignore`, and the settings file's discovery lists): at most this many from each... */
export const MAX_RULES = 200;
/** ...of at most this many characters each. */
export const MAX_RULE_CHARS = 256;
