-- A cold index fills the full-text index once at its end ('rebuild', about a fifth of the cost of a trigger per row)
-- instead of row by row (issue 28). While it runs, the documents' full-text triggers are dropped and kept here; the
-- run, or the next process to open the database after a run that stopped half way, rebuilds the index and puts them
-- back (db/fts-bulk.ts).
CREATE TABLE `suspended_triggers` (
	`name` text PRIMARY KEY NOT NULL,
	`sql` text NOT NULL
);
