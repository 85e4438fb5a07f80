/** The one careful reader (lib/discover/read-file.ts): what it refuses, on the handle, without blocking or reading whole. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readRegularFile, readRegularFileSync } from "../../lib/discover/read-file";

let dir: string;
let repo: string;

beforeEach(() => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), "cairn-read-file-")));
  repo = join(dir, "repo");
  mkdirSync(join(repo, "src"), { recursive: true });
  writeFileSync(join(repo, "src/app.ts"), "export {};\n");
  writeFileSync(join(dir, "secret.txt"), "outside the repository\n");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("readRegularFile", () => {
  it("reads a regular file, and says missing for nothing there", async () => {
    const read = await readRegularFile(join(repo, "src/app.ts"), { maxBytes: 100 });
    expect(read.ok && read.bytes.toString()).toBe("export {};\n");
    expect(await readRegularFile(join(repo, "nope.ts"), { maxBytes: 100 })).toMatchObject({ ok: false, refusal: "missing" });
  });

  it("refuses a device reached through a link (/dev/zero) without reading it", async () => {
    symlinkSync("/dev/zero", join(repo, "zero.md"));
    expect(await readRegularFile(join(repo, "zero.md"), { maxBytes: 100, links: "follow" })).toMatchObject({ ok: false, refusal: "not-regular", what: "a device" });
    expect(readRegularFileSync(join(repo, "zero.md"), { maxBytes: 100, links: "follow" })).toMatchObject({ ok: false, refusal: "not-regular" });
    expect(await readRegularFile(join(repo, "zero.md"), { maxBytes: 100 })).toMatchObject({ ok: false, refusal: "link" });
  });

  it("follows a link only inside the folder it was given, the folders above included", async () => {
    symlinkSync(join(dir, "secret.txt"), join(repo, "leak.md"));
    symlinkSync(dir, join(repo, "up"));
    symlinkSync(join(repo, "src/app.ts"), join(repo, "alias.ts"));
    const within = { within: repo };
    expect(await readRegularFile(join(repo, "leak.md"), { maxBytes: 100, links: within })).toMatchObject({ ok: false, refusal: "outside" });
    expect(await readRegularFile(join(repo, "up/secret.txt"), { maxBytes: 100, links: within })).toMatchObject({ ok: false, refusal: "outside" });
    const alias = await readRegularFile(join(repo, "alias.ts"), { maxBytes: 100, links: within });
    expect(alias.ok && alias.bytes.toString()).toBe("export {};\n");
  });

  it("refuses a file over the cap, and a folder", async () => {
    writeFileSync(join(repo, "big.md"), "x".repeat(101));
    expect(await readRegularFile(join(repo, "big.md"), { maxBytes: 100 })).toMatchObject({ ok: false, refusal: "too-large", size: 101 });
    expect(await readRegularFile(join(repo, "src"), { maxBytes: 100 })).toMatchObject({ ok: false, refusal: "not-regular", what: "a folder" });
  });
});
