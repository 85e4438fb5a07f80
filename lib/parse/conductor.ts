/**
 * Conductor tracks: a folder `conductor/tracks/<id>/` (or `conductor/archive/<id>/`), read as one record at its
 * `plan.md` (its `spec.md` when it has no plan). Fields: `metadata.json` (status, created/updated dates,
 * description); tasks from plan.md, each done task with the commit written beside it, each phase with its
 * `[checkpoint: sha]`; the track's line in `conductor/tracks.md` (`[ ]`, `[~]`, `[x]`) is a statement of its status;
 * a track under `archive/` is completed.
 */
import type { ParseInput, ParseResult, Parser } from "./types";
import { EMPTY_FILE, readMarkdownFile } from "./markdown-family";
import { conventionStatus } from "./conventions/status-words";
import { commitBeside, inheritDone, plainTasks, readUnitTasks, taskCounts, type UnitTask } from "./conventions/tasks";
import { applyUnit, companionList, folderOf, join, settleUnitStatus, type StatusStatement, type TaskCommit } from "./conventions/unit";
import { firstHeading, jsonString, labelValue, newestDate, readJsonObject, unitTitle } from "./conventions/labels";
import { dateFromPath } from "./heuristics/dates";
import { branchFromValue } from "./heuristics/fields";
import { baseName, lowerPath, squash, stripInlineMarkdown } from "./heuristics/text";
import { clearDate, setDate } from "./conventions/record";

/** `<root>/conductor/tracks/<id>/plan.md`, and archived: `conductor/archive/<id>/`, `conductor/tracks/archive/<id>/`, `conductor/archive/tracks/<id>/`. */
const PLACE = /^((?:.*\/)?conductor)\/(tracks\/archive|archive\/tracks|archive|tracks)\/([^/]+)\/(plan|spec)\.md$/;

function place(relPath: string) {
  const m = PLACE.exec(relPath.replace(/\\/g, "/"));
  if (!m || !PLACE.test(lowerPath(relPath))) return null;
  return { root: m[1], archived: m[2].toLowerCase() !== "tracks", id: m[3], file: m[4].toLowerCase() };
}

export function isConductorRecord(relPath: string): boolean {
  return place(relPath) !== null;
}

interface TracksLine {
  raw: string;
  title: string | null;
}

/** The track's line in tracks.md: the nearest checkbox line at or above the line that names its folder. */
export function tracksLine(text: string | undefined, id: string): TracksLine | null {
  if (!text) return null;
  const lines = text.replace(/\r\n?/g, "\n").split("\n").slice(0, 5000);
  const named = new RegExp(`(?:^|[/\\s(\\[|\`])${id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?:[/\\s)\\]|\`]|$)`);
  for (let i = 0; i < lines.length; i++) {
    if (!named.test(lines[i])) continue;
    for (let j = i; j >= Math.max(0, i - 4); j--) {
      if (j < i && (/^\s*---\s*$/.test(lines[j]) || /\/tracks\/|\/archive\//.test(lines[j]))) break;
      const m = /\[([ xX~✓✔/-])\]\s*(.*)$/.exec(lines[j]);
      if (!m) continue;
      const mark = m[1];
      const text = squash(stripInlineMarkdown(m[2].replace(/\|.*$/, "").replace(/(?<!\s)\s*\[(?:checkpoint|commit|sha)\s*:[^\]]*\]/gi, "").replace(/\[([^[\]]*)\]\([^)]*\)/g, "$1")));
      const title = unitTitle(text.replace(/^track\s*[:：]\s*/i, ""));
      const raw = mark === " " ? "[ ]" : /[xX✓✔]/.test(mark) ? "[x]" : mark === "-" ? "[-]" : "[~]";
      return { raw, title: title && !title.includes(`/${id}/`) ? title : null };
    }
    return null;
  }
  return null;
}

/** Phase headings with their checkpoint commit: `## Phase 2: API [checkpoint: 7bb5b88]`. */
function phaseCheckpoints(text: string): Array<{ name: string; sha: string; line: number }> {
  const out: Array<{ name: string; sha: string; line: number }> = [];
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  let phase = 0;
  lines.forEach((line, i) => {
    const h = /^#{2,4}\s+(.*)$/.exec(line);
    if (!h) return;
    if (/\bphase\b/i.test(h[1])) phase++;
    const m = /\[checkpoint\s*:\s*`?([0-9a-f]{7,40})`?\s*\]/i.exec(h[1]);
    if (m) out.push({ name: `phase ${phase || out.length + 1} checkpoint`, sha: m[1].toLowerCase(), line: i + 1 });
  });
  return out;
}

export const conductorParser: Parser = {
  format: "conductor",
  priority: 80,
  claims: isConductorRecord,
  companions(relPath) {
    const at = place(relPath);
    if (!at) return [];
    const folder = folderOf(relPath);
    return [join(folder, "metadata.json"), join(folder, at.file === "plan" ? "spec.md" : "plan.md"), join(at.root, "tracks.md")];
  },
  parse(input: ParseInput): ParseResult {
    const at = place(input.path);
    const folder = folderOf(input.path);
    // a track keeps its record at plan.md; its spec.md is the record only when there is no plan
    if (at?.file === "spec" && input.companions?.[join(folder, "plan.md")] !== undefined) return { document: null, problems: [] };
    const read = readMarkdownFile(input, { format: "conductor", kind: "checkpoint", hasTasks: false });
    if (!read) return EMPTY_FILE;
    const { document: doc, problems } = read;
    const id = at?.id ?? baseName(folder);
    const metaPath = join(folder, "metadata.json");
    const metaText = input.companions?.[metaPath];
    const metadata = readJsonObject(metaText);
    if (metaText !== undefined && !metadata) problems.push("metadata.json is not a JSON object Cairn can read");
    const line = tracksLine(input.companions?.[join(at?.root ?? "conductor", "tracks.md")], id);
    const specText = at?.file === "plan" ? input.companions?.[join(folder, "spec.md")] : input.text;

    const description = jsonString(metadata, "title", "name", "description");
    // the record's own H1 first, then the track's line in tracks.md (unless it only repeats the folder's name)
    const ownTitle = unitTitle(firstHeading(read.body));
    const listedTitle = line?.title && line.title.toLowerCase() !== id.toLowerCase() ? line.title : null;
    const title = ownTitle ?? listedTitle ?? unitTitle(firstHeading(specText)) ?? (description && description.length <= 120 ? description : null);
    doc.title = title ?? id;
    doc.fieldSources = { ...doc.fieldSources, title: ownTitle ? "h1" : listedTitle ? "tracks.md" : title ? "spec.md:h1" : "folder" };

    const branch = branchFromValue(jsonString(metadata, "branch", "git_branch", "feature_branch"));
    doc.branch = branch;
    if (branch) doc.fieldSources.branch = "metadata.json:branch";
    else delete doc.fieldSources.branch;

    const dated = newestDate([jsonString(metadata, "updated_at", "updated", "updatedAt", "last_updated"), jsonString(metadata, "created_at", "created", "createdAt")].filter(Boolean).join(" "));
    const fromName = dated ? null : dateFromPath(id);
    if (!setDate(doc, dated, "metadata.json") && !setDate(doc, fromName, "folder", "filename")) clearDate(doc);

    const planText = at?.file === "plan" ? input.text : input.companions?.[join(folder, "plan.md")];
    // every box of the plan, as written; a done task's unticked sub-steps count as done for the status
    const written = planText ? readUnitTasks(planText) : [];
    const tasks: UnitTask[] = inheritDone(written);
    doc.tasks = plainTasks(written);
    const taskCommits: TaskCommit[] = [];
    // commits are named by the plan's own tasks (its top-level items): "task 3 says done at ..."
    written.filter((t) => t.depth === 0).forEach((t, i) => {
      if (t.done && t.commit) taskCommits.push({ name: `task ${i + 1}`, text: t.text, sha: t.commit });
    });
    for (const p of planText ? phaseCheckpoints(planText) : []) taskCommits.push({ name: p.name, text: p.name, sha: p.sha });
    const newest = [...written.filter((t) => t.done && t.commit).map((t) => ({ sha: t.commit!, line: t.line })), ...(planText ? phaseCheckpoints(planText) : [])].sort((a, b) => a.line - b.line).at(-1);
    doc.headSha = newest?.sha ?? commitBeside(jsonString(metadata, "commit", "last_commit", "sha") ?? "") ?? null;
    if (doc.headSha) doc.fieldSources.headSha = newest ? "task-commit" : "metadata.json";
    else delete doc.fieldSources.headSha;

    const statements: StatusStatement[] = [];
    // some plans keep a status label of their own ("- **Status**: COMPLETED")
    const ownLine = planText ? labelValue(planText, /^status$/i, 30) : null;
    const own = ownLine ? conventionStatus(ownLine.value) : null;
    if (own) statements.push({ label: "plan.md's Status", raw: own.raw, status: own.status, source: "label:status" });
    const stated = conventionStatus(jsonString(metadata, "status", "state"));
    if (stated) statements.push({ label: "metadata.json", raw: stated.raw, status: stated.status, source: "metadata.json:status" });
    const listed = line ? conventionStatus(line.raw) : null;
    if (listed) statements.push({ label: "tracks.md", raw: listed.raw, status: listed.status, source: "tracks.md" });
    // the statement furthest along wins: Conductor ticks one place and forgets the other
    statements.sort((a, b) => rank(a.status) - rank(b.status));
    if (stated && !stated.status) problems.push(`unknown status "${stated.raw}"`);
    const settled = settleUnitStatus({ statements, tasks, written, archived: at?.archived ?? false });
    const counts = taskCounts(written);
    const statusWritable = metadata !== null && typeof metadata.status === "string";
    applyUnit(doc, settled, {
      family: "conductor",
      id,
      folder,
      companions: companionList(input, [
        [metaPath, "metadata"],
        [join(folder, at?.file === "plan" ? "spec.md" : "plan.md"), at?.file === "plan" ? "spec" : "plan"],
        [join(at?.root ?? "conductor", "tracks.md"), "index"],
      ]),
      statements: statements.map(({ label, raw, status }) => ({ label, raw, status })),
      archived: at?.archived ?? false,
      tasksDone: counts.done,
      tasksTotal: counts.total,
      optionalOpen: counts.optionalOpen,
      taskCommits: taskCommits.slice(0, 200),
      statusField: statusWritable ? { path: metaPath, kind: "json-key", key: "status", completedWord: "completed" } : null,
    });
    return { document: doc, problems };
  },
};

function rank(status: string | null): number {
  return status === "completed" || status === "superseded" ? 2 : status ? 1 : 0;
}
