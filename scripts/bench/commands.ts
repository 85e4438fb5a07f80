/**
 * Wall time of the commands people and agents type, as they type them (`node bin/cairn.mjs …`, a new
 * process each time, the compiled command line): after one warm-up run each, the median of `rounds` runs.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { percentile } from "./measure";

export interface CommandTiming {
  name: string;
  p50: number;
  runs: number;
  ok: boolean;
}

export function timeCommands(projectDir: string, db: string, rounds: number): CommandTiming[] {
  const cli = join(projectDir, "bin", "cairn.mjs");
  const run = (args: string[]) => {
    const started = performance.now();
    const child = spawnSync(process.execPath, [cli, ...args, "--db", db], { encoding: "utf8", maxBuffer: 256 * 1024 * 1024, env: { ...process.env, CAIRN_ROOTS: "" } });
    return { ms: performance.now() - started, ok: child.status === 0, stdout: child.stdout };
  };
  const listed = run(["list", "--json"]);
  const records = listed.ok ? (JSON.parse(listed.stdout) as Array<{ id: string; status: string | null }>) : [];
  const id = records.find((r) => r.status === "in-progress")?.id ?? records[0]?.id;
  const commands: Array<[string, string[]]> = [
    ["cairn list --json", ["list", "--json"]],
    ["cairn search --json importer", ["search", "--json", "importer"]],
    ["cairn queue --json", ["queue", "--json"]],
    ...(id ? ([["cairn resume ID", ["resume", id]]] as Array<[string, string[]]>) : []),
  ];
  return commands.map(([name, args]) => {
    run(args); // warm-up: the page cache, the compiled command line
    const samples: number[] = [];
    let ok = true;
    for (let i = 0; i < rounds; i++) {
      const timed = run(args);
      ok &&= timed.ok;
      samples.push(timed.ms);
    }
    return { name, p50: percentile(samples, 50), runs: samples.length, ok };
  });
}
