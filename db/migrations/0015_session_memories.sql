-- Claude Code's own memory per project (`projects/<folder>/memory/*.md`, issue 37): the project's learnings as the
-- agent keeps them, redacted, tied to the repository its sessions worked in.
CREATE TABLE `session_memories` (
	`path` text PRIMARY KEY NOT NULL,
	`root_dir` text,
	`folder` text NOT NULL,
	`repo` text,
	`is_index` integer DEFAULT 0 NOT NULL,
	`name` text,
	`description` text,
	`type` text,
	`mtime_ms` real DEFAULT 0 NOT NULL,
	`size` integer DEFAULT 0 NOT NULL,
	`body` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `session_memories_repo_idx` ON `session_memories` (`repo`);
