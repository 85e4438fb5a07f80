import { Option, type Command } from "commander";
import { openDb, fail, repoArgument } from "./options";
import { FORMAT_VALUES, GROUP_VALUES, KIND_VALUES, LEVEL_VALUES, STATUS_VALUES } from "../search/filters";
import { syntaxHelpText } from "../search/help";
import { matchedLine, type SearchResponse, type SearchResponseHit } from "../search/response";
import type { SnippetPart } from "../search/snippet";

interface SearchCommandOptions {
  json?: boolean;
  db?: string;
  repo?: string;
  branch?: string;
  status?: string;
  family?: string;
  kind?: string;
  level?: string;
  from?: string;
  to?: string;
  group?: string;
  limit?: string;
  offset?: string;
  wordsOnly?: boolean;
}

function styled(parts: SnippetPart[], tty: boolean): string {
  return parts
    .map((p) => (p.mark && tty ? `\x1b[1m${p.text}\x1b[0m` : p.text))
    .join("")
    .replace(/\s+/g, " ")
    .trim();
}

function printHit(hit: SearchResponseHit, indent: string, tty: boolean): void {
  const date = hit.savedAt ? hit.savedAt.slice(0, 16).replace("T", " ") : "????-??-?? ??:??";
  const where = hit.repoName ?? "(no repository)";
  const title = hit.titleParts.length ? styled(hit.titleParts, tty) : hit.path;
  process.stdout.write(`${indent}${hit.id}  ${date}  ${where}  ${title}\n`);
  const snippet = styled(hit.snippetParts, tty);
  if (snippet) process.stdout.write(`${indent}    ${snippet}\n`);
  const why = matchedLine(hit.matched);
  if (why) process.stdout.write(`${indent}    (${why})\n`);
}

/** `cairn search`: the same request checks and the same JSON as `GET /api/search`. */
export function registerSearchCommand(program: Command): void {
  program
    .command("search")
    .description("full-text search over every indexed document (ranked; \"phrases\", word*, file:PATH, a commit sha, filters)")
    .argument("[query...]", "words, \"phrases\", file:PATH or a commit sha")
    .option("--json", "print the results as JSON (the same as GET /api/search)")
    .option("--db <file>", "database file")
    .option("--repo <path>", "only this project: the path of any of its checkouts (worktrees, clones) or a folder inside one, its name, or \"global\"")
    .option("--branch <name>", "only checkpoints saved on this branch")
    .addOption(new Option("--status <status>", "only this status").choices([...STATUS_VALUES]))
    .addOption(new Option("--family <family>", "only this family (record.md's format)").choices([...FORMAT_VALUES]))
    .addOption(new Option("--kind <kind>", "only this kind").choices([...KIND_VALUES]))
    .addOption(new Option("--level <level>", "only this freshness level").choices([...LEVEL_VALUES]))
    .option("--from <day>", "saved on or after this day (YYYY-MM-DD)")
    .option("--to <day>", "saved on or before this day (YYYY-MM-DD)")
    .addOption(new Option("--group <how>", "flat, or by repository").choices([...GROUP_VALUES]).default("flat"))
    .option("--limit <n>", "at most this many results", "20")
    .option("--offset <n>", "skip this many results first", "0")
    .option("--words-only", "search by words only, not also by meaning")
    .addHelpText("after", `\nQuery syntax:\n${syntaxHelpText()}\n`)
    .action(async (words: string[], opts: SearchCommandOptions) => {
      // loaded here, so that other commands do not pay for the validation library and the search code
      const [{ filtersOf, parseSearchRequest }, { searchDocuments }, { toSearchResponse }] = await Promise.all([
        import("../search/params"),
        import("../queries/search"),
        import("../search/response"),
      ]);
      const parsed = parseSearchRequest({
        q: words.join(" "),
        repo: repoArgument(opts.repo, { names: true }),
        branch: opts.branch,
        status: opts.status,
        format: opts.family,
        kind: opts.kind,
        level: opts.level,
        from: opts.from,
        to: opts.to,
        group: opts.group,
        limit: opts.limit,
        offset: opts.offset,
      });
      if (!parsed.ok) fail(parsed.error);
      const { db, path } = openDb(opts, { mapped: true });
      const { q, limit, offset, group } = parsed.request;
      const { askServer, cliMeaning } = await import("./search-meaning");
      // the server answering for this database has its model warm: asked first, else the model loads here
      let response: SearchResponse | null = opts.wordsOnly ? null : await askServer(path, parsed.request);
      if (!response) {
        const meaning = opts.wordsOnly ? null : await cliMeaning(db, q);
        response = {
          ...toSearchResponse(searchDocuments(db, q, { ...filtersOf(parsed.request), limit, offset, meaning: meaning?.query ?? undefined }), group),
          ...(meaning ? { meaning: meaning.status } : {}),
        };
        await meaning?.close();
      }
      if (opts.json) {
        process.stdout.write(`${JSON.stringify(response, null, 2)}\n`);
        return;
      }
      for (const note of response.notes) process.stderr.write(`note: ${note}\n`);
      if (response.hits.length === 0) {
        process.stdout.write(`No matches.\n\nQuery syntax:\n${syntaxHelpText()}\n`);
        return;
      }
      const tty = process.stdout.isTTY === true;
      const shown = `${response.offset + 1}-${response.offset + response.hits.length}`;
      process.stdout.write(`${response.total} ${response.total === 1 ? "match" : "matches"} (showing ${shown})\n`);
      if (response.groups) {
        for (const g of response.groups) {
          process.stdout.write(`\n${g.repoName ?? "Outside any repository"}${g.repo ? `  ${g.repo}` : ""}\n`);
          for (const hit of g.hits) printHit(hit, "  ", tty);
        }
      } else for (const hit of response.hits) printHit(hit, "", tty);
    });
}
