/**
 * `npm run demo`: says what it indexed and how to stop, takes --port (a clear message for a bad one), and
 * leaves no temporary folder behind however it ends. Runs the demo script as a user would, against the
 * shared test build (`.next-sec`, built when stale) so it does not build the dashboard itself.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseDemoArgs } from "../../scripts/demo/run";
import { DIST_DIR, ensureBuilt, fetchPage, freePort, PROJECT_DIR } from "../security/support/server";

interface Demo {
  child: ChildProcess;
  out: () => string;
  err: () => string;
  /** Resolves once stdout+stderr match. */
  waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<RegExpMatchArray>;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

let temp: string;

function startDemo(args: string[]): Demo {
  const child = spawn(process.execPath, ["--import", "tsx", join(PROJECT_DIR, "scripts", "demo.ts"), ...args], {
    cwd: PROJECT_DIR,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, TMPDIR: temp, CAIRN_DIST_DIR: DIST_DIR, CAIRN_SKIP_BUILD: "1", CAIRN_WATCH: "0", PORT: "" },
  });
  let out = "";
  let err = "";
  const waiters: (() => void)[] = [];
  const poke = () => waiters.forEach((w) => w());
  child.stdout!.on("data", (c: Buffer) => ((out += c.toString()), poke()));
  child.stderr!.on("data", (c: Buffer) => ((err += c.toString()), poke()));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => child.on("exit", (code, signal) => done({ code, signal })));
  const waitFor = (pattern: RegExp, timeoutMs = 240_000) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const check = () => {
        const m = (out + err).match(pattern);
        if (m) {
          waiters.splice(waiters.indexOf(check), 1);
          clearTimeout(timer);
          resolve(m);
        }
      };
      const timer = setTimeout(() => reject(new Error(`demo never printed ${pattern}:\n${out}\n${err}`)), timeoutMs);
      waiters.push(check);
      void exit.then(() => setTimeout(() => reject(new Error(`demo exited before printing ${pattern}:\n${out}\n${err}`)), 50));
      check();
    });
  return { child, out: () => out, err: () => err, waitFor, exit };
}

const demoFolders = () => readdirSync(temp).filter((name) => name.startsWith("cairn-demo-"));

beforeAll(() => {
  temp = mkdtempSync(join(tmpdir(), "cairn-demo-test-"));
});
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe("demo options", () => {
  it("takes --port N, --port=N or $PORT, and refuses a port that is not one", () => {
    expect(parseDemoArgs([], {})).toEqual({ port: 3000 });
    expect(parseDemoArgs(["--port", "4123"], {})).toEqual({ port: 4123 });
    expect(parseDemoArgs(["--port=4124"], { PORT: "5000" })).toEqual({ port: 4124 });
    expect(parseDemoArgs([], { PORT: "5000" })).toEqual({ port: 5000 });
    expect(() => parseDemoArgs(["--port", "80a"], {})).toThrow('--port must be a port number from 1 to 65535, not "80a"');
    expect(() => parseDemoArgs(["--port", "70000"], {})).toThrow(/from 1 to 65535/);
    expect(() => parseDemoArgs(["--port"], {})).toThrow(/--port needs a number/);
    expect(() => parseDemoArgs(["--prot", "3"], {})).toThrow(/unknown option "--prot"/);
  });

  it("says what is wrong with a bad --port in one line, exits non-zero and creates nothing", async () => {
    const demo = startDemo(["--port", "eighty"]);
    const { code } = await demo.exit;
    expect(code).toBe(2);
    expect(demo.err().trim()).toBe('demo: --port must be a port number from 1 to 65535, not "eighty"');
    expect(demoFolders()).toEqual([]);
  });

  it("removes its folder when stopped while it is still setting up (SIGTERM)", async () => {
    const demo = startDemo(["--port", String(await freePort())]);
    const [, folder] = await demo.waitFor(/Creating demo repositories in (\S+?)…/);
    expect(existsSync(folder)).toBe(true);
    demo.child.kill("SIGTERM");
    expect((await demo.exit).code).toBe(0);
    expect(existsSync(folder)).toBe(false);
    expect(demoFolders()).toEqual([]);
  }, 120_000);
});

describe("the demo server", () => {
  let blocker: Server | undefined;

  beforeAll(async () => {
    await ensureBuilt();
  }, 900_000);

  afterAll(async () => {
    await new Promise<void>((done) => (blocker ? blocker.close(() => done()) : done()));
  });

  it("prints the index summary and 'Ctrl-C to stop', serves on --port, and removes its folder on Ctrl-C", async () => {
    const port = await freePort();
    const demo = startDemo(["--port", String(port)]);
    const [, folder] = await demo.waitFor(/Creating demo repositories in (\S+?)…/);
    const [summary] = await demo.waitFor(/Demo index: .*\n/);
    expect(summary).toMatch(/^Demo index: 5 repositories, \d+ checkpoints \(\d+ in progress\), \d+ items in What to do next \(.+\)\.\n$/);
    await demo.waitFor(/Ctrl-C to stop/);
    expect(demo.out()).toContain(`Open http://127.0.0.1:${port} — Ctrl-C to stop`);

    const page = await fetchPage(`http://127.0.0.1:${port}/repos`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("harbor-api");

    demo.child.kill("SIGINT");
    expect((await demo.exit).code).toBe(0);
    expect(existsSync(folder)).toBe(false);
    expect(demoFolders()).toEqual([]);
  }, 300_000);

  it("exits non-zero and still removes its folder when the server cannot start (port in use)", async () => {
    blocker = createServer();
    const port = await new Promise<number>((done) => blocker!.listen(0, "127.0.0.1", () => done((blocker!.address() as { port: number }).port)));
    const demo = startDemo(["--port", String(port)]);
    const [, folder] = await demo.waitFor(/Creating demo repositories in (\S+?)…/);
    const { code } = await demo.exit;
    expect(code).not.toBe(0);
    expect(demo.err()).toContain(`port ${port} is in use: try --port ${port + 1}`);
    expect(existsSync(folder)).toBe(false);
    expect(demoFolders()).toEqual([]);
  }, 300_000);
});
