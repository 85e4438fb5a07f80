import type { Metadata } from "next";
import Link from "next/link";
import { readDb } from "@/lib/queries/db";
import { secretAuditWithCommits, type SecretFile, type SecretLocation } from "@/lib/queries/secrets";
import { formatDate, relativeTime } from "@/components/format";
import { EmptyState } from "@/components/empty-state";
import { RedactForm, RedactProvider } from "./redact-form";
import { DismissForm, DismissProvider } from "./dismiss-form";

export const metadata: Metadata = { title: "Secrets" };

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** Committed (in HEAD, or in a branch's history): the key must be rotated; only in the working tree: redact it before committing. */
function Committed({ finding, source }: { finding: SecretLocation; source: string }) {
  if (finding.committed === "committed") {
    return (
      <span className="font-medium text-rose-800 dark:text-rose-300" title="The line is in a commit: redacting the file does not take it out of git history. Rotate the key.">
        {source === "worktree" ? "Committed" : "In history"}
      </span>
    );
  }
  if (finding.committed === "working-tree") {
    return <span title="The line is not in HEAD: it is only in your working tree. Redact it before you commit.">Not committed</span>;
  }
  return <span className="text-stone-600 dark:text-stone-400">unknown</span>;
}

function FileFindings({ file, index }: { file: SecretFile; index: number }) {
  const headingId = `secret-file-${index}`;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-stone-200 bg-white p-4 dark:border-stone-800 dark:bg-stone-900">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 id={headingId} className="text-base font-semibold">
          {file.repository ? <Link href={`/repos/${file.repository.id}`}>{file.repository.name}</Link> : "Outside any repository"}
          <span className="text-stone-400"> / </span>
          <Link href={`/checkpoints/${file.documentId}`} className="font-mono text-sm">
            {file.path}
          </Link>
        </h2>
        <span className="text-sm text-stone-500">
          {file.title ? `${file.title} · ` : ""}
          saved <time dateTime={file.savedAt ?? undefined}>{formatDate(file.savedAt)}</time> {relativeTime(file.savedAt)}
          {file.source !== "worktree" ? ` · found in ${file.source}` : ""}
        </span>
      </div>
      <table className="mt-3 w-full text-left text-sm">
        <caption className="sr-only">Secrets found in {file.path}</caption>
        <thead className="text-stone-500">
          <tr>
            <th scope="col" className="py-1 pr-4 font-medium">Rule</th>
            <th scope="col" className="py-1 pr-4 font-medium">Line</th>
            <th scope="col" className="py-1 pr-4 font-medium">Column</th>
            <th scope="col" className="py-1 pr-4 font-medium">Line, masked</th>
            <th scope="col" className="py-1 pr-4 font-medium">In git</th>
            <th scope="col" className="py-1 font-medium"><span className="sr-only">Action</span></th>
          </tr>
        </thead>
        <tbody>
          {file.findings.map((f) => (
            <tr key={`${f.line}:${f.column}:${f.rule}`} className={`border-t border-stone-100 dark:border-stone-800 ${f.dismissed ? "text-stone-600 dark:text-stone-400" : ""}`}>
              <td className="py-1 pr-4 font-mono">{f.rule}</td>
              <td className="py-1 pr-4 tabular-nums">
                <Link href={`/checkpoints/${file.documentId}?view=original`}>{f.line}</Link>
              </td>
              <td className="py-1 pr-4 tabular-nums">{f.column}</td>
              <td className="py-1 pr-4">
                {f.snippet ? (
                  <code className="break-all font-mono text-xs" data-testid="secret-snippet">
                    {f.snippet}
                  </code>
                ) : (
                  <span className="text-stone-600 dark:text-stone-400">—</span>
                )}
                {f.dismissed && <span className="ml-2 text-xs">(dismissed: not a secret)</span>}
              </td>
              <td className="whitespace-nowrap py-1 pr-4 text-xs">
                <Committed finding={f} source={file.source} />
              </td>
              <td className="py-1">
                {f.matchHash && <DismissForm documentId={file.documentId} rule={f.rule} matchHash={f.matchHash} dismissed={f.dismissed} where={`${file.path} line ${f.line}`} />}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-3">
        {file.redactable && file.repository ? (
          <RedactForm documentId={file.documentId} expectedHash={file.contentHash} path={file.path} />
        ) : (
          <p className="text-sm text-stone-600 dark:text-stone-400">
            {file.source !== "worktree"
              ? "This file exists only in git history: Cairn cannot redact it in place. Rotate the key; removing it needs a history rewrite."
              : "This file is outside any indexed repository: redact it in an editor, and rotate the key."}
          </p>
        )}
      </div>
    </section>
  );
}

/** Files shown per page: each holds a table and forms (999 files made an 8 MB page; 20 make ~170 KB). */
const PAGE_FILES = 20;

function pageHref(page: number, showDismissed: boolean): string {
  const params = new URLSearchParams();
  if (showDismissed) params.set("show", "dismissed");
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/secrets?${query}` : "/secrets";
}

export default async function SecretsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const showDismissed = params.show === "dismissed";
  const requested = Number.parseInt(typeof params.page === "string" ? params.page : "1", 10);
  const db = await readDb();
  const ask = (page: number) => secretAuditWithCommits(db, { includeDismissed: showDismissed, window: { offset: (page - 1) * PAGE_FILES, limit: PAGE_FILES } });
  let page = Number.isFinite(requested) && requested > 1 ? requested : 1;
  let audit = await ask(page);
  const pages = Math.max(1, Math.ceil(audit.files.length / PAGE_FILES));
  // a page past the last (files redacted or dismissed since the link was made): the last one
  if (page > pages) audit = await ask((page = pages));
  const offset = (page - 1) * PAGE_FILES;
  const shown = audit.files.slice(offset, offset + PAGE_FILES);
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold">Secrets</h1>
        <p className="max-w-prose text-stone-600 dark:text-stone-400">
          Keys and passwords that agents wrote into checkpoint files. Cairn redacts them when it indexes: its database, pages,
          API and command line only ever show <code>[REDACTED:&lt;rule&gt;]</code>. The files themselves still hold them.
          &ldquo;Redact in file&rdquo; replaces each value in the file; a key that was ever committed or shared must be rotated anyway.
          &ldquo;Not a secret&rdquo; dismisses a finding (an example, a test key): Cairn remembers it, the file is not touched.
        </p>
      </div>
      <RedactProvider>
        <DismissProvider>
        {audit.dismissed > 0 && (
          <p className="text-sm">
            {showDismissed ? (
              <Link href="/secrets">Hide the {plural(audit.dismissed, "dismissed finding")}</Link>
            ) : (
              <Link href="/secrets?show=dismissed">Show the {plural(audit.dismissed, "finding")} dismissed as not a secret</Link>
            )}
          </p>
        )}
        {audit.files.length === 0 ? (
          <EmptyState title="No secrets found">
            Cairn scanned every indexed file and found no key, token or password in them{audit.dismissed ? " (besides the findings you dismissed as not a secret)" : ""}.
          </EmptyState>
        ) : (
          <div className="space-y-6">
            <p className="text-sm">
              <strong>{plural(audit.total, "finding")}</strong> in {plural(audit.files.length, "file")}
              {audit.repositories ? ` across ${plural(audit.repositories, "repository", "repositories")}` : ""}:{" "}
              {audit.byRule.map((r) => `${r.rule} ${r.count}`).join(", ")}. Newest saves first.
              {pages > 1 ? ` Files ${offset + 1}-${offset + shown.length} of ${audit.files.length}.` : ""}
            </p>
            {shown.map((file, i) => (
              <FileFindings key={file.documentId} file={file} index={offset + i} />
            ))}
            {pages > 1 && (
              <nav aria-label="Pages of files with secrets" className="flex items-center gap-4 text-sm">
                {page > 1 ? <Link href={pageHref(page - 1, showDismissed)}>Newer files</Link> : <span className="text-stone-600 dark:text-stone-400">Newer files</span>}
                <span>
                  Page {page} of {pages}
                </span>
                {page < pages ? <Link href={pageHref(page + 1, showDismissed)}>Older files</Link> : <span className="text-stone-600 dark:text-stone-400">Older files</span>}
              </nav>
            )}
          </div>
        )}
        </DismissProvider>
      </RedactProvider>
    </div>
  );
}
