/** HTML checkpoints, research and plan files with `jacked:*` meta tags (seed 000). */
import { emptyDocument } from "./types";
import type { CanonicalSection, Kind, ParseInput, ParseResult, ParsedDocument, Parser, ParsedTask } from "./types";
import { allElements, attr, byTag, hasClass, isElement, markdownOf, parseHtml, textOf, type HtmlElement, type HtmlNode } from "./html-dom";
import { extractFields } from "./extract";
import { extractKeyValues } from "./heuristics/keyvalue";
import { outline } from "./heuristics/markdown";
import { canonicalHeading } from "./heuristics/headings";
import { parseDateText, resolveDate } from "./heuristics/dates";
import { looksLikePath, cleanPathToken } from "./heuristics/paths";
import { normaliseStatus } from "./heuristics/status";
import { dedupeTasks } from "./heuristics/tasks";
import { isRemainingWorkHeading } from "./heuristics/task-rule";
import { fileStem, lowerPath, normaliseText } from "./heuristics/text";
import { addReference, cleanTitle } from "./markdown-document";

const SECTION_IDS: Record<string, CanonicalSection> = {
  "working-on": "working-on",
  accomplished: "done",
  decisions: "decisions",
  context: "context",
  research: "research",
  remaining: "remaining",
  state: "state",
  gotchas: "gotchas",
  "key-files": "key-files",
};

function jackedMeta(root: HtmlNode): Record<string, string> {
  const meta: Record<string, string> = {};
  for (const el of byTag(root, "meta")) {
    const name = attr(el, "name") ?? "";
    if (name.toLowerCase().startsWith("jacked:")) meta[name.slice(7).toLowerCase()] = (attr(el, "content") ?? "").trim();
  }
  return meta;
}

const list = (value: string | undefined, separator: RegExp): string[] =>
  (value ?? "").split(separator).map((s) => s.trim()).filter(Boolean);

/** The nodes after a heading up to the next heading of the same or a higher level, among its siblings. */
function sectionNodes(heading: HtmlElement): HtmlNode[] {
  const level = Number(heading.tagName.slice(1));
  const siblings = (heading.parentNode && "childNodes" in heading.parentNode ? heading.parentNode.childNodes : []) as HtmlNode[];
  const out: HtmlNode[] = [];
  for (let i = siblings.indexOf(heading) + 1; i < siblings.length; i++) {
    const node = siblings[i];
    if (isElement(node) && /^h[1-6]$/.test(node.tagName) && Number(node.tagName.slice(1)) <= level) break;
    out.push(node);
  }
  return out;
}

/** Every checkbox of the page (in a task list, a label or a paragraph), done when checked. */
function checkboxTasks(root: HtmlNode): ParsedTask[] {
  const tasks: ParsedTask[] = [];
  for (const box of byTag(root, "input")) {
    if ((attr(box, "type") ?? "").toLowerCase() !== "checkbox") continue;
    const holder = enclosing(box, ["li", "label", "p", "td", "div"]);
    const text = (holder ? textOf(holder) : "").replace(/^-\s*/, "").replace(/^\[[ x]\]\s*/, "").trim();
    const done = box.attrs.some((a) => a.name === "checked");
    tasks.push({ text: text || "(unlabelled checkbox)", done, state: done ? "done" : "open" });
  }
  // `<ul class="tasks">` items written without an input are tasks too
  for (const li of byTag(root, "li")) {
    const parent = li.parentNode as HtmlNode | null;
    if (!parent || !isElement(parent) || !hasClass(parent, "tasks")) continue;
    if (allElements(li).some((el) => el.tagName === "input")) continue;
    const text = textOf(li).replace(/^-\s*/, "").trim();
    if (text) tasks.push({ text, done: false, state: "open" });
  }
  return tasks;
}

function enclosing(el: HtmlElement, tags: string[]): HtmlElement | null {
  let node = el.parentNode as HtmlNode | null;
  while (node && isElement(node)) {
    if (tags.includes(node.tagName)) return node;
    node = node.parentNode as HtmlNode | null;
  }
  return null;
}

/** With no checkbox: the top-level items of the lists under remaining-work headings, all open. */
function remainingWorkItems(root: HtmlNode): ParsedTask[] {
  const items: ParsedTask[] = [];
  for (const heading of byTag(root, "h2", "h3", "h4")) {
    if (!isRemainingWorkHeading(textOf(heading))) continue;
    for (const node of sectionNodes(heading)) {
      if (!isElement(node)) continue;
      const lists = node.tagName === "ul" || node.tagName === "ol" ? [node] : allElements(node).filter((el) => (el.tagName === "ul" || el.tagName === "ol") && !enclosing(el, ["li"]));
      for (const list of lists) {
        for (const li of list.childNodes as HtmlNode[]) {
          if (!isElement(li) || li.tagName !== "li") continue;
          const text = textOf(li).split("\n")[0].replace(/^-\s*/, "").trim();
          if (text) items.push({ text, done: false, state: "open" });
        }
      }
    }
  }
  return dedupeTasks(items);
}

/** Fields the page states in its text, read by the shared extraction layer; meta values are never replaced. */
function fillFromText(doc: ParsedDocument, root: HtmlNode, path: string): void {
  // fields sit near the top of a page: its first lines are enough, however long the page
  const o = outline(markdownOf(root).split("\n", 2000).join("\n"));
  const fields = extractFields({ outline: o, pairs: extractKeyValues(o.lines, o.inCode), frontmatter: [], path });
  const sources = doc.fieldSources!;
  const fill = <K extends "branch" | "headSha">(key: K, value: string | null) => {
    if (!doc[key] && value) {
      doc[key] = value;
      if (fields.sources[key]) sources[key] = `text:${fields.sources[key]}`;
    }
  };
  fill("branch", fields.branch);
  fill("headSha", fields.headSha);
  if (!doc.status && fields.status) {
    doc.status = fields.status;
    doc.statusRaw = fields.statusRaw;
    if (fields.sources.status) sources.status = `text:${fields.sources.status}`;
  }
  if (!doc.savedAt && fields.savedAt && fields.sources.savedAt !== "filename") {
    doc.savedAt = fields.savedAt;
    doc.savedAtSource = "content";
    if (fields.savedDay) doc.meta.savedDate = fields.savedDay;
    if (fields.sources.savedAt) sources.savedAt = `text:${fields.sources.savedAt}`;
  }
}

function isJackedPath(path: string): boolean {
  return /(^|\/)\.claude\/(checkpoints|research)\/[^/]+\.html?$/.test(lowerPath(path));
}

export const htmlParser: Parser = {
  format: "html",
  priority: 50,
  claims(relPath) {
    const p = lowerPath(relPath);
    return isJackedPath(p) || /(^|\/)(docs\/plans|\.claude\/plans)\/[^/]+\.html?$/.test(p);
  },
  accepts(input) {
    if (isJackedPath(input.path)) return true;
    return /<meta[^>]+name\s*=\s*["']?jacked:/i.test(input.text);
  },
  parse(input: ParseInput): ParseResult {
    const problems: string[] = [];
    const text = normaliseText(input.text);
    if (!text.trim()) return { document: null, problems: ["file is empty"] };
    const root = parseHtml(text);
    const meta = jackedMeta(root);
    if (Object.keys(meta).length === 0) problems.push("no jacked:* meta tags");
    const p = lowerPath(input.path);
    const pathKind: Kind = p.includes("/research/") || p.startsWith(".claude/research/") ? "research" : p.includes("plans/") ? "plan" : "checkpoint";
    const kind = (["checkpoint", "research", "plan"] as const).find((k) => k === meta.type) ?? pathKind;
    if (meta.type && !["checkpoint", "research", "plan"].includes(meta.type)) problems.push(`unknown jacked:type "${meta.type}"`);
    const doc = emptyDocument("html", kind);

    const titleEl = byTag(root, "title")[0];
    const h1 = byTag(root, "h1")[0];
    // the page's own heading first, then its <title>
    doc.title = cleanTitle(meta.title) ?? cleanTitle(h1 ? textOf(h1) : null) ?? cleanTitle(titleEl ? textOf(titleEl) : null);
    doc.fieldSources = { title: meta.title ? "meta:jacked:title" : h1 ? "h1" : "html:title" };
    if (!doc.title) problems.push("no title");

    const metaLine = byTag(root, "p", "div").find((el) => hasClass(el, "meta"));
    const metaText = metaLine ? textOf(metaLine) : "";
    const date = resolveDate([meta.timestamp, meta.date, meta.saved, metaText], input.path);
    const sources = doc.fieldSources!;
    if (date) {
      doc.savedAt = date.iso;
      doc.savedAtSource = date.source;
      if (date.day) doc.meta.savedDate = date.day;
      const metaKey = ["timestamp", "date", "saved"].find((k) => meta[k] && parseDateText(meta[k]));
      sources.savedAt = date.source === "filename" ? "filename" : metaKey ? `meta:jacked:${metaKey}` : "html:meta-line";
    }
    doc.branch = meta.branch || /\bbranch\s*:?\s+([^\s·,;]+)/i.exec(metaText)?.[1] || null;
    if (doc.branch) sources.branch = meta.branch ? "meta:jacked:branch" : "html:meta-line";
    doc.headSha = meta.head_sha || null;
    if (doc.headSha) sources.headSha = "meta:jacked:head_sha";
    const dirty = meta.dirty_files ? Number.parseInt(meta.dirty_files, 10) : NaN;
    doc.dirtySaved = Number.isFinite(dirty) ? dirty : null;
    doc.project = meta.project || null;
    const status = normaliseStatus(meta.status);
    if (status) {
      doc.status = status.status;
      doc.statusRaw = status.raw;
      sources.status = "meta:jacked:status";
      if (!status.status) problems.push(`unknown status "${status.raw}"`);
    }

    for (const heading of byTag(root, "h2", "h3")) {
      const id = (attr(heading, "id") ?? "").toLowerCase();
      const headingText = textOf(heading);
      const nodes = sectionNodes(heading);
      doc.sections.push({
        canonical: SECTION_IDS[id] ?? canonicalHeading(headingText),
        heading: headingText,
        level: Number(heading.tagName.slice(1)),
        text: nodes.map(textOf).filter(Boolean).join("\n").trim(),
      });
      const canonical = SECTION_IDS[id] ?? canonicalHeading(headingText);
      const role = canonical === "key-files" ? "key" : canonical === "modified-files" ? "modified" : canonical === "research" ? "research" : "mentioned";
      for (const node of nodes) {
        const elements = isElement(node) ? [node, ...allElements(node)] : [];
        for (const el of elements) {
          const candidate = el.tagName === "code" ? textOf(el) : el.tagName === "a" ? attr(el, "href") ?? "" : "";
          const clean = cleanPathToken(candidate);
          if (candidate && looksLikePath(clean, true)) addReference(doc.references, clean, role);
        }
      }
    }

    // what the meta tags do not say, the page may say in its text ("Branch <code>x</code>", a status heading)
    if (!doc.branch || !doc.headSha || !doc.status || !doc.savedAt) fillFromText(doc, root, input.path);

    const plans = list(meta.plans_in_progress, /[;\n]/);
    const research = list(meta.research_files, /[;\n]/);
    plans.forEach((path) => addReference(doc.references, cleanPathToken(path), "plan"));
    research.forEach((path) => addReference(doc.references, cleanPathToken(path), "research"));
    const boxes = checkboxTasks(root);
    const steps = boxes.length ? [] : remainingWorkItems(root);
    doc.tasks = boxes.length ? boxes : steps.length ? steps : kind === "checkpoint" ? [] : null;
    if (boxes.length || steps.length) sources.tasks = boxes.length ? "checkboxes" : "remaining-work";
    doc.meta = {
      jacked: meta,
      slug: kind === "checkpoint" ? fileStem(input.path).replace(/^\d{8}-\d{4,6}-?/, "") : null,
      checkpoint: meta.checkpoint || null,
      plansInProgress: plans,
      researchFiles: research,
      releases: list(meta.releases, /,/),
      activeLenses: list(meta.active_lenses, /,/),
    };
    return { document: doc, problems };
  },
};
