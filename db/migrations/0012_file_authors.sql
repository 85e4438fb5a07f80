-- Who last committed a file (issue 28: `cairn queue` asked git once per repository on every run, 200 git processes
-- at 200 repositories): kept per file version (its content hash at that ref), as the server already kept it in
-- memory (lib/queries/queue-authors.ts). A new version of a file replaces its row.
CREATE TABLE `file_authors` (
	`repo_path` text NOT NULL,
	`source` text NOT NULL,
	`path` text NOT NULL,
	`content_hash` text NOT NULL,
	`name` text,
	`email` text,
	`at` text,
	PRIMARY KEY(`repo_path`, `source`, `path`, `content_hash`)
);
