/**
 * Data checkpoints built to be slow (issue 29, part 2): each parsed in this process as the indexer parses it
 * (lib/parse/registry). Before the fix a 47 KB JSON of 6,000 tasks took 16-19 s, a 484 KB JSON object of
 * 45,000 keys 82 s; the target is well under a second each.
 */
import { parseDocument } from "../../lib/parse/registry";

export interface HostileDataTiming {
  name: string;
  kb: number;
  ms: number;
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

function inputs(): Array<{ name: string; path: string; text: string }> {
  const keys: Record<string, string> = {};
  for (const i of range(45_000)) keys[`key_${i}`] = `v${i}`;
  return [
    { name: "JSON, 6,000 tasks", path: ".claude/checkpoints/tasks.json", text: JSON.stringify({ status: "active", tasks: range(6_000).map((i) => `Step ${i}`) }) },
    { name: "JSON, 45,000 keys", path: ".claude/checkpoints/keys.json", text: JSON.stringify({ status: "active", data: keys }) },
    { name: "JSON, 6,000 duplicate keys", path: ".claude/checkpoints/dups.json", text: `{"status": "active", ${range(6_000).map((i) => `"branch": "b${i}"`).join(", ")}}` },
    { name: "YAML, 6,000 tasks", path: ".claude/checkpoints/tasks.yaml", text: `status: active\ntasks: [${range(6_000).map((i) => `Step ${i}`).join(", ")}]\n` },
    { name: "YAML, one mapping of 10,000 keys", path: ".claude/checkpoints/keys.yaml", text: `status: active\ndata: {${range(10_000).map((i) => `k${i}: v`).join(", ")}}\n` },
    { name: "YAML, 6,000 duplicate keys", path: ".claude/checkpoints/dups.yaml", text: `status: active\n${range(6_000).map((i) => `branch: b${i}`).join("\n")}\n` },
  ];
}

/** Each hostile input's parse time: the best of `rounds` (the first one warms the code up). */
export function timeHostileData(rounds = 3): HostileDataTiming[] {
  return inputs().map(({ name, path, text }) => {
    let best = Infinity;
    for (let round = 0; round < rounds; round++) {
      const start = performance.now();
      parseDocument({ path, text });
      best = Math.min(best, performance.now() - start);
    }
    return { name, kb: Math.round(text.length / 1024), ms: best };
  });
}
