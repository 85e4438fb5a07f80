/** The benchmark's result: what was measured, the targets, and the table it prints. */
import { cpus, totalmem } from "node:os";
import type { McpLatency } from "./mcp";
import type { CommandTiming } from "./commands";
import type { HostileDataTiming } from "./hostile-data";
import type { HostilePatternTiming } from "./hostile-patterns";
import type { NavTiming } from "./nav";
import type { PageTiming } from "./server";
import { renderSearchEval, type SearchEvalResult } from "./search-eval";
import { sessionVerdicts, type SessionsBench } from "./sessions-bench";

export interface BenchResult {
  scale: number;
  repositories: number;
  documents: number;
  candidateFiles: number;
  candidateBytes: number;
  machine: { nproc: number; memoryGiB: number; node: string; cpu: string; loadAverage: string };
  worldMs: number;
  baselineMs: number;
  cold: { wallMs: number; indexerMs: number | null };
  /** A cold index of a small world (60 repositories): its floor and wall time; absent in older results. */
  smallWorld?: { repositories: number; documents: number; baselineMs: number; coldWallMs: number; coldIndexerMs: number | null } | null;
  warm: { wallMs: number; indexerMs: number | null; parsed: number | null };
  peakRssMiB: number | null;
  rssSource: string;
  search: { p50: number; p95: number; max: number; samples: number; queries: number; serverP50?: number | null; serverP95?: number | null };
  rg: { p50: number; p95: number; samples: number } | null;
  /** Tool calls through `cairn mcp` over stdio (SDK client), after warm-up; absent in older results. */
  mcp?: McpLatency | null;
  /** Wall time of CLI commands as new processes; absent in older results. */
  commands?: CommandTiming[];
  /** Chromium clicking through the dashboard (click to new page shown); absent in older results. */
  nav?: NavTiming | null;
  /** Checkpoint and diff pages, whole HTML on this machine; absent in older results. */
  pages?: { checkpoint: PageTiming; diff: PageTiming };
  /** Resident memory of the dashboard server after searches and pages; absent in older results. */
  serverRssMiB?: number | null;
  /** The same, read right after the last page (before the server's idle collection). */
  serverRssBusyMiB?: number | null;
  /** The first 10 searches after start against the same queries later; absent in older results. */
  warmup?: { firstMs: number; steadyMs: number; ratio: number; count: number };
  /** Hit@1, hit@5 and MRR on the real truth sets next to rg and BM25 (issue 23); absent in older results. */
  searchQuality?: SearchEvalResult | null;
  /** Parse time of data checkpoints built to be slow (issue 29); absent in older results. */
  hostileData?: HostileDataTiming[];
  /** Agent session logs: a generated home, cold index against its floor, an appended turn, search (issue 37). */
  sessions?: SessionsBench | null;
  hostilePatterns?: HostilePatternTiming;
  /** The p95 of a scale-1 run, when known, for the growth target. */
  referenceP95: number | null;
  at: string;
}

export interface Verdict {
  target: string;
  measured: string;
  pass: boolean | null;
}

const fmtMs = (ms: number) => (ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(1)} ms`);

export function machine(loadAverage: number[]): BenchResult["machine"] {
  return {
    nproc: cpus().length,
    memoryGiB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    cpu: cpus()[0]?.model?.trim() ?? "unknown",
    loadAverage: loadAverage.map((n) => n.toFixed(2)).join(" "),
  };
}

export function verdicts(r: BenchResult): Verdict[] {
  const list: Verdict[] = [
    {
      target: "cold index <= 3x baseline",
      measured: `${fmtMs(r.cold.wallMs)} = ${(r.cold.wallMs / r.baselineMs).toFixed(1)}x of ${fmtMs(r.baselineMs)}`,
      pass: r.cold.wallMs <= 3 * r.baselineMs,
    },
    ...(r.smallWorld
      ? [
          {
            target: `cold index, small world (${r.smallWorld.repositories} repositories) < 4x baseline`,
            measured: `${fmtMs(r.smallWorld.coldWallMs)} = ${(r.smallWorld.coldWallMs / r.smallWorld.baselineMs).toFixed(1)}x of ${fmtMs(r.smallWorld.baselineMs)}`,
            pass: r.smallWorld.coldWallMs < 4 * r.smallWorld.baselineMs,
          },
        ]
      : []),
    {
      target: "warm re-index <= 0.1x cold",
      measured: `${fmtMs(r.warm.wallMs)} = ${(r.warm.wallMs / r.cold.wallMs).toFixed(2)}x`,
      pass: r.warm.wallMs <= 0.1 * r.cold.wallMs,
    },
    r.rg
      ? {
          target: "search p50 >= 10x faster than rg",
          measured: `${fmtMs(r.search.p50)} vs rg ${fmtMs(r.rg.p50)} = ${(r.rg.p50 / r.search.p50).toFixed(0)}x`,
          pass: r.rg.p50 >= 10 * r.search.p50,
        }
      : { target: "search p50 >= 10x faster than rg", measured: "rg not installed", pass: null },
    r.scale === 1
      ? { target: "search p95 <= 25 ms (6,000 checkpoints)", measured: fmtMs(r.search.p95), pass: r.search.p95 <= 25 }
      : { target: "search p95 <= 25 ms (6,000 checkpoints)", measured: `${fmtMs(r.search.p95)} at scale ${r.scale} (target is for scale 1)`, pass: null },
    { target: "indexer peak RSS <= 300 MiB", measured: r.peakRssMiB === null ? "unknown" : `${r.peakRssMiB.toFixed(0)} MiB`, pass: r.peakRssMiB === null ? null : r.peakRssMiB <= 300 },
  ];
  if (r.pages) {
    const page = (name: string, t: PageTiming, goal: number): Verdict => ({
      target: `${name} page p50 <= ${goal} ms (server, ${r.scale === 1 ? "6,000" : `${r.scale * 6},000`} checkpoints)`,
      measured: `${fmtMs(t.p50)} (p95 ${fmtMs(t.p95)}, first views ${fmtMs(t.firstP50)}; ${t.ids} ids x ${t.samples / t.ids})`,
      pass: t.p50 <= goal,
    });
    list.push(page("checkpoint", r.pages.checkpoint, 50), page("diff", r.pages.diff, 100));
  }
  if (r.serverRssMiB !== undefined) {
    const busy = typeof r.serverRssBusyMiB === "number" ? ` (${r.serverRssBusyMiB.toFixed(0)} MiB right after the last page)` : "";
    list.push({ target: "server RSS after the run, at rest <= 250 MiB", measured: r.serverRssMiB === null ? "unknown" : `${r.serverRssMiB.toFixed(0)} MiB${busy}`, pass: r.serverRssMiB === null ? null : r.serverRssMiB <= 250 });
  }
  if (r.warmup) {
    list.push({
      target: `first ${r.warmup.count} searches after start <= 1.5x steady`,
      measured: `${fmtMs(r.warmup.firstMs)} vs ${fmtMs(r.warmup.steadyMs)} = ${r.warmup.ratio.toFixed(2)}x`,
      pass: r.warmup.ratio <= 1.5,
    });
  }
  for (const command of r.commands ?? []) {
    list.push({ target: `${command.name} <= 300 ms (wall, new process)`, measured: `${fmtMs(command.p50)} p50 of ${command.runs}${command.ok ? "" : " (failed)"}`, pass: command.ok && command.p50 <= 300 });
  }
  if (r.nav !== undefined) list.push(...navVerdicts(r.nav));
  if (r.hostileData?.length) {
    const slowest = r.hostileData.reduce((a, b) => (b.ms > a.ms ? b : a));
    list.push({ target: `hostile data checkpoint parse <= 1 s (${r.hostileData.length} kinds)`, measured: `slowest ${fmtMs(slowest.ms)}: ${slowest.name} (${slowest.kb} KB)`, pass: slowest.ms <= 1000 });
  }
  if (r.hostilePatterns) {
    const h = r.hostilePatterns;
    list.push({ target: `hostile lines parse <= 50 ms a document (${h.documents}: every Markdown family x shape, 3.9 KB and 76 KB)`, measured: `slowest ${fmtMs(h.slowestMs)}: ${h.slowest}; ${h.over50} over`, pass: h.over50 === 0 });
    list.push({ target: ".cairnignore at the caps (200 rules x 400 names) <= 1 s", measured: `slowest ${fmtMs(h.ignoreMs)}: ${h.ignoreShape}`, pass: h.ignoreMs <= 1000 });
  }
  if (r.scale > 1) {
    list.push(
      r.referenceP95 === null
        ? { target: `search p95 grows < 2x at scale ${r.scale}`, measured: "no scale-1 result saved yet (run `npm run bench` first)", pass: null }
        : {
            target: `search p95 grows < 2x at scale ${r.scale}`,
            measured: `${fmtMs(r.search.p95)} vs ${fmtMs(r.referenceP95)} = ${(r.search.p95 / r.referenceP95).toFixed(2)}x`,
            pass: r.search.p95 < 2 * r.referenceP95,
          },
    );
  }
  if (r.sessions) list.push(...sessionVerdicts(r.sessions));
  return list;
}

/** Click to new page shown in Chromium: p50 within 100 ms, and no loading skeleton between two pages. */
function navVerdicts(nav: NavTiming | null): Verdict[] {
  if (!nav) return [{ target: "header navigation p50 <= 100 ms (Chromium, click to page shown)", measured: "not measured (no Chromium)", pass: null }];
  const row = (target: string, s: NavTiming["header"]): Verdict => ({
    target,
    measured: `${fmtMs(s.p50)} (p95 ${fmtMs(s.p95)}, ${s.samples} clicks)`,
    pass: s.p50 <= 100,
  });
  const clicks = nav.header.samples + (nav.listToCheckpoint?.samples ?? 0);
  const skeletons = nav.header.skeletons + (nav.listToCheckpoint?.skeletons ?? 0);
  return [
    row("header navigation p50 <= 100 ms (Chromium, click to page shown)", nav.header),
    ...(nav.listToCheckpoint ? [row("list -> checkpoint p50 <= 100 ms (Chromium)", nav.listToCheckpoint)] : []),
    { target: "no loading skeleton between pages", measured: `${skeletons} of ${clicks} clicks showed one`, pass: skeletons === 0 },
  ];
}

function table(rows: string[][]): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  const line = (r: string[]) => `| ${r.map((cell, c) => cell.padEnd(widths[c])).join(" | ")} |`;
  return [line(rows[0]), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...rows.slice(1).map(line)].join("\n");
}

export function render(r: BenchResult): string {
  const m = r.machine;
  const measurements = table([
    ["measurement", "value"],
    ["repositories / documents", `${r.repositories} / ${r.documents}`],
    ["candidate files (bytes)", `${r.candidateFiles} (${(r.candidateBytes / 1024 / 1024).toFixed(1)} MiB)`],
    ["world generation (not a target)", fmtMs(r.worldMs)],
    ["baseline: read every file + git status per repo", fmtMs(r.baselineMs)],
    ["cold index (wall, `cairn index`)", `${fmtMs(r.cold.wallMs)}${r.cold.indexerMs === null ? "" : ` (indexer ${fmtMs(r.cold.indexerMs)})`}`],
    ...(r.smallWorld
      ? [
          [
            `small world (${r.smallWorld.repositories} repositories, ${r.smallWorld.documents} documents): baseline / cold index`,
            `${fmtMs(r.smallWorld.baselineMs)} / ${fmtMs(r.smallWorld.coldWallMs)}${r.smallWorld.coldIndexerMs === null ? "" : ` (indexer ${fmtMs(r.smallWorld.coldIndexerMs)})`}`,
          ],
        ]
      : []),
    ["warm re-index, nothing changed (wall)", `${fmtMs(r.warm.wallMs)}${r.warm.indexerMs === null ? "" : ` (indexer ${fmtMs(r.warm.indexerMs)}, ${r.warm.parsed ?? "?"} parsed)`}`],
    [`search via GET /api/search: p50 / p95 / max (${r.search.queries} queries x ${r.search.samples / r.search.queries})`, `${fmtMs(r.search.p50)} / ${fmtMs(r.search.p95)} / ${fmtMs(r.search.max)}`],
    [
      "  of which searching in the server (Server-Timing): p50 / p95",
      r.search.serverP50 == null || r.search.serverP95 == null ? "unknown" : `${fmtMs(r.search.serverP50)} / ${fmtMs(r.search.serverP95)}`,
    ],
    [
      `search_sessions via MCP stdio: p50 / p95${r.mcp ? ` (${r.mcp.search.samples} calls)` : ""}`,
      r.mcp ? `${fmtMs(r.mcp.search.p50)} / ${fmtMs(r.mcp.search.p95)}` : "not measured",
    ],
    [`get_checkpoint via MCP stdio: p50 / p95${r.mcp ? ` (${r.mcp.get.samples} calls)` : ""}`, r.mcp ? `${fmtMs(r.mcp.get.p50)} / ${fmtMs(r.mcp.get.p95)}` : "not measured"],
    [
      `header links in Chromium, click to page shown: p50 / p95${r.nav ? ` (${r.nav.header.samples} clicks)` : ""}`,
      r.nav ? `${fmtMs(r.nav.header.p50)} / ${fmtMs(r.nav.header.p95)}` : "not measured",
    ],
    ["  p50 per header link", r.nav ? r.nav.byLink.map((l) => `${l.label} ${l.p50.toFixed(0)}`).join(", ") : "not measured"],
    [
      `list -> checkpoint in Chromium: p50 / p95${r.nav?.listToCheckpoint ? ` (${r.nav.listToCheckpoint.samples} clicks)` : ""}`,
      r.nav?.listToCheckpoint ? `${fmtMs(r.nav.listToCheckpoint.p50)} / ${fmtMs(r.nav.listToCheckpoint.p95)}` : "not measured",
    ],
    ["rg -l -i over the same files: p50 / p95", r.rg ? `${fmtMs(r.rg.p50)} / ${fmtMs(r.rg.p95)}` : "not installed"],
    ["indexer peak RSS", r.peakRssMiB === null ? "unknown" : `${r.peakRssMiB.toFixed(0)} MiB (${r.rssSource})`],
  ]);
  const targets = table([["target", "measured", "result"], ...verdicts(r).map((v) => [v.target, v.measured, v.pass === null ? "n/a" : v.pass ? "PASS" : "MISS"])]);
  return [
    `Cairn benchmark, scale ${r.scale} (${r.at})`,
    `machine: nproc ${m.nproc}, ${m.memoryGiB} GiB, node ${m.node}, ${m.cpu}, load average at start ${m.loadAverage}`,
    "",
    measurements,
    "",
    targets,
    ...(r.searchQuality ? ["", renderSearchEval(r.searchQuality)] : []),
  ].join("\n");
}
