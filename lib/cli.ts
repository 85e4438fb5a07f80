import { Command, Option } from "commander";
import { registerSearchCommand } from "./cli/search";
import { describeSummary } from "./cli/format";
import { homedir } from "node:os";
import { cairnSourceFolder, chooseHome, chooseRoots, collect, fail, openDb, repoArgument } from "./cli/options";
import { stderrProgress } from "./cli/progress-bar";
import { registerReviewCommand } from "./cli/review";
import { registerResumeCommand } from "./cli/resume";
import { registerMcpCommand } from "./cli/mcp";
import { registerCompleteCommand } from "./cli/complete";
import { registerPromoteCommand } from "./cli/promote";
import { registerQueueCommands } from "./cli/queue";
import { registerSetCommand } from "./cli/set";
import { registerSessionsCommands } from "./cli/sessions";

const program = new Command()
  .name("cairn")
  .description("Index and browse the checkpoints AI coding agents leave in your repositories.")
  .showHelpAfterError();

program
  .command("index")
  .description("discover repositories under the roots and index their checkpoints (progress on stderr)")
  .option("--root <dir>", "a folder to search for repositories (repeatable)", collect)
  .option("--home <dir>", "where ~/.claude/checkpoints is read from")
  .option("--db <file>", "database file (default: $CAIRN_DB or ~/.cairn/cairn.db)")
  .option("--json", "print the summary as JSON on stdout")
  .option("--embed <provider>", "then embed passages for meaning search, and keep this choice: builtin, folder, endpoint or off")
  .option("--embed-folder <dir>", "with --embed folder: the ONNX sentence model's folder")
  .option("--embed-url <url>", "with --embed endpoint: a local OpenAI-style embeddings API, e.g. http://127.0.0.1:11434/v1")
  .option("--embed-model <name>", "with --embed endpoint: the model to ask for")
  .action(async (opts: { root?: string[]; home?: string; db?: string; json?: boolean; embed?: string; embedFolder?: string; embedUrl?: string; embedModel?: string }) => {
    const { tuneForBatchRun } = await import("./cli/batch-tiering");
    tuneForBatchRun();
    // the prepare worker loads the parsers while this thread opens the database and loads the indexer
    const { startPrepareWorker } = await import("./index/prepare-worker-start");
    startPrepareWorker();
    const { db } = openDb(opts);
    // without --root: the saved roots, else the home folder; never Cairn's own source folder (its test fixtures)
    const own = opts.root?.length ? null : cairnSourceFolder();
    const roots = chooseRoots(db, opts.root, homedir(), own);
    // each command loads what it needs when it runs: `cairn list` never loads the parsers or the secret scanner
    const { indexRoots } = await import("./index/indexer");
    const summary = await indexRoots(db, {
      roots,
      home: chooseHome(opts.home),
      onProgress: stderrProgress(),
      // --root given is remembered; the default (the home folder) is the default, not a saved root
      saveRoots: !!opts.root?.length,
      skipRepositories: own ? [own] : [],
    });
    const { embedAfterIndex } = await import("./cli/embed");
    const embedded = await embedAfterIndex(db, opts, fail);
    process.stdout.write(opts.json ? `${JSON.stringify(embedded ? { ...summary, embedded } : summary, null, 2)}\n` : `${describeSummary(summary)}\n`);
  });

program
  .command("list")
  .description("print checkpoint records (record.md)")
  .option("--json", "print one JSON array on stdout")
  .option("--db <file>", "database file")
  .option("--repo <path>", "only this project: the absolute path of any of its checkouts (worktrees, clones) or a folder inside one")
  .addOption(new Option("--status <status>", "only this status").choices(["in-progress", "completed"]))
  .option("--guessed-status", "only records whose status was guessed (from a heading or a sentence, not a key or label)")
  .addOption(
    new Option("--kind <kind>", "document kind").choices(["checkpoint", "research", "plan", "journal", "review", "all"]).default("checkpoint"),
  )
  .action(async (opts: { json?: boolean; db?: string; repo?: string; status?: "in-progress" | "completed"; guessedStatus?: boolean; kind: string }) => {
    const { db } = openDb(opts, { mapped: true });
    const filters = { repo: repoArgument(opts.repo), status: opts.status, kind: opts.kind, guessedStatus: opts.guessedStatus };
    if (opts.json) {
      // the same bytes as JSON.stringify(listRecords(…), null, 2), written by SQLite (see list-json.ts)
      const { listJsonChunks } = await import("./cli/list-json");
      for (const chunk of listJsonChunks(db, filters)) process.stdout.write(chunk);
      return;
    }
    const { listRecords } = await import("./queries/records");
    const records = listRecords(db, filters);
    if (records.length === 0) {
      process.stdout.write("No checkpoints indexed yet. Run `cairn index --root DIR` first.\n");
      return;
    }
    for (const r of records) {
      const date = r.savedAt ? r.savedAt.slice(0, 16).replace("T", " ") : "????-??-?? ??:??";
      process.stdout.write(`${r.id}  ${date}  ${(r.status ?? "-").padEnd(11)} ${(r.branch ?? "-").padEnd(20)} ${r.title ?? r.path}\n`);
    }
  });

registerSearchCommand(program);
registerSessionsCommands(program);

program
  .command("serve")
  .description("serve the dashboard on http://127.0.0.1:3000 (builds it first when needed)")
  .option("--port <n>", "port", process.env.PORT ?? "3000")
  .option("--host <address>", "address to bind", "127.0.0.1")
  .option("--db <file>", "database file")
  .option("--root <dir>", "index this folder too (repeatable)", collect)
  .option("--home <dir>", "where ~/.claude/checkpoints is read from")
  .option("--no-index", "do not index at start")
  .action(async (opts: { port: string; host: string; db?: string; root?: string[]; home?: string; index: boolean }) => {
    const { runServe } = await import("./cli/serve");
    await runServe(opts);
  });

registerCompleteCommand(program);
registerPromoteCommand(program);
registerQueueCommands(program);
registerSetCommand(program);

registerReviewCommand(program);
registerResumeCommand(program);
registerMcpCommand(program);

// `cairn list --json | head -c 1`: a reader that stops early ends the command quietly
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(0);
  throw error;
});

program.parseAsync(process.argv).catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
