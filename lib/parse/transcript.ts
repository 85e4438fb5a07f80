/**
 * Chat transcripts (SpecStory `.specstory/history/*.md`, Aider `.aider.chat.history.md`): one record per file,
 * family `journal` (searchable, never in the queue). Its sessions (`# aider chat started at ...`, SpecStory's
 * dated H1) are listed in `meta.sessions`; the title and date are those of the newest session.
 */
import type { ParseInput, ParseResult, Parser } from "./types";
import { EMPTY_FILE, readMarkdownFile } from "./markdown-family";
import { newestIn, setDate } from "./conventions/record";
import { squash, stripInlineMarkdown } from "./heuristics/text";

const PLACE = /(^|\/)(?:\.specstory\/history\/[^/]+\.md|\.aider\.chat\.history\.md)$/i;
const AIDER_SESSION = /^#\s+aider chat started at\s+(.+)$/i;
const MAX_SESSIONS = 2000;

export const transcriptParser: Parser = {
  format: "transcript",
  priority: 80,
  claims: (relPath) => PLACE.test(relPath.replace(/\\/g, "/")),
  parse(input: ParseInput): ParseResult {
    const read = readMarkdownFile(input, { format: "transcript", kind: "journal", hasTasks: false });
    if (!read) return EMPTY_FILE;
    const { document: doc, problems } = read;
    const aider = /\.aider\.chat\.history\.md$/i.test(input.path);
    const sessions: Array<{ title: string; date: string | null; line: number }> = [];
    let fence = false;
    read.body.split("\n").forEach((line, i) => {
      if (/^\s{0,3}(?:```|~~~|`{4,})/.test(line)) fence = !fence;
      if (fence || sessions.length >= MAX_SESSIONS) return;
      const m = aider ? AIDER_SESSION.exec(line) : /^#\s+(.+)$/.exec(line);
      if (!m || (!aider && sessions.length)) return;
      sessions.push({ title: squash(stripInlineMarkdown(line.replace(/^#\s+/, ""))), date: newestIn(m[1]), line: i + 1 });
    });
    const newest = sessions.at(-1) ?? null;
    doc.title = newest?.title ?? doc.title;
    doc.savedAt = null;
    doc.savedAtSource = null;
    if (doc.fieldSources) delete doc.fieldSources.savedAt;
    setDate(doc, newest?.date ?? null, "session");
    doc.status = null;
    doc.statusRaw = null;
    doc.branch = null;
    doc.headSha = null;
    doc.tasks = null;
    doc.meta.sessions = sessions;
    return { document: doc, problems };
  },
};
