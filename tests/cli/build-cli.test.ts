/** Compiling the command line leaves no esbuild service process behind (a `cairn serve` that rebuilt would carry ~100 MiB). */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

function children(): string[] {
  return readdirSync("/proc")
    .filter((p) => /^\d+$/.test(p))
    .filter((p) => {
      try {
        return readFileSync(`/proc/${p}/stat`, "utf8").split(") ")[1].split(" ")[1] === String(process.pid);
      } catch {
        return false;
      }
    })
    .map((p) => {
      try {
        return readFileSync(`/proc/${p}/cmdline`, "utf8").replace(/\0/g, " ");
      } catch {
        return "";
      }
    });
}

describe("compiling the command line", () => {
  it.runIf(process.platform === "linux")("stops esbuild's service once the build is done", async () => {
    // @ts-expect-error: a plain .mjs script without types
    const { buildCli } = await import("../../scripts/build-cli.mjs");
    await buildCli({ quiet: true });
    await new Promise((r) => setTimeout(r, 200));
    expect(children().filter((cmd) => cmd.includes("esbuild"))).toEqual([]);
  });
});
