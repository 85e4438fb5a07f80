/**
 * `npm run bench:conventions`: the reader against hand-labelled real units of the conventions of issue 24
 * (Spec Kit, Conductor, OpenSpec, Kiro, memory bank, Task Master, GSD, agent plans, progress logs, transcripts).
 * The units live outside the repository (CAIRN_REAL_UNITS, default /work/real-units: `units/<owner>__<repo>/...`,
 * MANIFEST.tsv, truth.json; see its RULES.md). For each source repository a temporary git repository is built, each
 * unit committed at its original commit date, and the real pipeline (discovery, parse, companions, commit dates,
 * index) runs on it; the record at each unit's record path is compared with its labels. Prints per-field accuracy
 * and every miss with its reason. Skips with a message when the folder is absent.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { eq } from "drizzle-orm";
import { documents, repositories } from "../../db/schema";
import { closeDb, getDb } from "../../db/client";
import { indexRepositoryAt } from "../../lib/index/index-repository";
import { commitAll, initRepo } from "../fixtures/git";

const ROOT = process.env.CAIRN_REAL_UNITS ?? "/work/real-units";
const FIELDS = ["title", "date", "status", "branch", "tasks"] as const;

interface Truth {
  unit: string;
  title: string | null;
  date: string | null;
  status: string | null;
  branch: string | null;
  tasks_total: number | null;
  tasks_done: number | null;
  found: boolean;
  /** 1: the set tuned on first; 2, 3: gathered and labelled later, each measured blind before tuning. */
  batch?: number;
}
interface Row {
  unit: string;
  repo: string;
  family: string;
  unitPath: string;
  recordPath: string;
  commitDate: string;
}

function rows(): Row[] {
  const lines = readFileSync(join(ROOT, "MANIFEST.tsv"), "utf8").trim().split("\n").slice(1);
  return lines.map((l) => {
    const [unit, repo, family, unitPath, recordPath, , commitDate] = l.split("\t");
    return { unit, repo, family, unitPath, recordPath, commitDate };
  });
}

const norm = (s: string | null | undefined) => (s == null ? null : s.normalize("NFC").replace(/\s+/g, " ").trim());

async function main() {
  if (!existsSync(join(ROOT, "truth.json"))) {
    console.log(`conventions-eval: no labelled units at ${ROOT} (set CAIRN_REAL_UNITS): skipped`);
    return;
  }
  const truth = new Map((JSON.parse(readFileSync(join(ROOT, "truth.json"), "utf8")) as Truth[]).map((t) => [t.unit, t]));
  const all = rows();
  const space = mkdtempSync(join(tmpdir(), "cairn-conventions-"));
  const db = getDb(join(space, "cairn.db"));
  const byRepo = new Map<string, Row[]>();
  for (const r of all) byRepo.set(r.unit.split("/")[0], [...(byRepo.get(r.unit.split("/")[0]) ?? []), r]);
  const right: Record<string, number> = Object.fromEntries(FIELDS.map((f) => [f, 0]));
  let found = 0;
  let commitFallback = 0;
  let labelled = 0;
  const misses: string[] = [];
  const perFamily = new Map<string, { n: number; ok: number }>();
  const perBatch = new Map<number, { units: number; found: number; ok: number }>();
  try {
    for (const [dir, units] of byRepo) {
      const repo = join(space, "repos", dir);
      initRepo(repo);
      for (const u of [...units].sort((a, b) => a.commitDate.localeCompare(b.commitDate))) {
        const from = join(ROOT, "units", u.unit);
        const to = join(repo, u.unitPath);
        mkdirSync(dirname(to), { recursive: true });
        cpSync(from, to, { recursive: true });
        // the unit's extra files (constitution, tracks.md, project.md) sit beside it in the copy
        for (const extra of [".specify", "conductor/tracks.md", "openspec/project.md"]) {
          const src = join(ROOT, "units", dir, extra);
          if (existsSync(src) && !existsSync(join(repo, extra))) cpSync(src, join(repo, extra), { recursive: true });
        }
        commitAll(repo, `unit ${u.unitPath}`, new Date(u.commitDate));
      }
      await indexRepositoryAt(db, repo);
      const repoRow = db.select().from(repositories).where(eq(repositories.path, repo)).get();
      const docs = repoRow ? db.select().from(documents).where(eq(documents.repositoryId, repoRow.id)).all() : [];
      for (const u of units) {
        const t = truth.get(u.unit);
        if (!t) continue;
        labelled++;
        const batch = perBatch.get(t.batch ?? 1) ?? { units: 0, found: 0, ok: 0 };
        perBatch.set(t.batch ?? 1, batch);
        batch.units++;
        const fam = perFamily.get(u.family) ?? { n: 0, ok: 0 };
        perFamily.set(u.family, fam);
        const d = docs.find((x) => x.path === u.recordPath && x.source === "worktree") ?? docs.find((x) => x.path === u.recordPath);
        if (!d) {
          misses.push(`${u.unit} [${u.family}] found: no record at ${u.recordPath} (records: ${docs.map((x) => `${x.path}:${x.format}`).slice(0, 6).join(", ")})`);
          fam.n += FIELDS.length;
          continue;
        }
        found++;
        batch.found++;
        const meta = (typeof d.meta === "string" ? JSON.parse(d.meta) : d.meta) as Record<string, unknown> | null;
        const unitMeta = (meta?.unit ?? null) as { tasksDone?: number; tasksTotal?: number } | null;
        const got = {
          title: norm(d.title),
          date: d.savedAt ? d.savedAt.slice(0, 10) : null,
          status: d.status,
          branch: d.branch,
          tasks: unitMeta && unitMeta.tasksTotal ? `${unitMeta.tasksDone}/${unitMeta.tasksTotal}` : d.tasksTotal ? `${d.tasksDone}/${d.tasksTotal}` : null,
        };
        const want = { title: norm(t.title), date: t.date, status: t.status, branch: t.branch, tasks: t.tasks_total ? `${t.tasks_done}/${t.tasks_total}` : null };
        for (const f of FIELDS) {
          fam.n++;
          if (got[f] === want[f]) {
            right[f]++;
            fam.ok++;
            batch.ok++;
          } else {
            if (f === "date" && want.date === null && d.savedAtSource === "commit") commitFallback++;
            const why = f === "date" ? ` (source ${d.savedAtSource ?? "none"})` : f === "status" ? ` (raw ${JSON.stringify(d.statusRaw)})` : "";
            misses.push(`${u.unit} [${u.family}${(t.batch ?? 1) > 1 ? `, batch ${t.batch}` : ""}] ${f}: got ${JSON.stringify(got[f])}, want ${JSON.stringify(want[f])}${why}`);
          }
        }
      }
    }
  } finally {
    closeDb(join(space, "cairn.db"));
    rmSync(space, { recursive: true, force: true });
  }
  const pct = (n: number, of: number) => `${n}/${of} (${((100 * n) / Math.max(of, 1)).toFixed(1)}%)`;
  console.log(`Conventions (real units at ${ROOT}): ${labelled} units`);
  console.log(`found  ${pct(found, labelled)}`);
  for (const f of FIELDS) console.log(`${f.padEnd(6)} ${pct(right[f], labelled)}`);
  const total = FIELDS.reduce((s, f) => s + right[f], 0);
  console.log(`fields ${pct(total, labelled * FIELDS.length)}`);
  console.log(`  (date misses that are the index's last-commit date on a unit whose labels state none: ${commitFallback})`);
  for (const [b, v] of [...perBatch].sort()) console.log(`  batch ${b}: ${v.units} units, found ${pct(v.found, v.units)}, fields ${pct(v.ok, v.units * FIELDS.length)}`);
  for (const [fam, v] of [...perFamily].sort()) console.log(`  ${fam.padEnd(13)} ${pct(v.ok, v.n)}`);
  console.log(`\nmisses (${misses.length}):`);
  for (const m of misses) console.log(`- ${m}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
