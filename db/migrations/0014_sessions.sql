-- Past agent sessions (issue 37): one row per agent log (kept after the log is gone), its turns (redacted, capped),
-- a full-text index over what a person would search (prompts, answers, commands, paths, commit subjects; tool
-- output is kept capped for the page but not indexed), and the user's settings for session sources.
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`agent` text NOT NULL,
	`key` text NOT NULL,
	`session_id` text,
	`parent_id` text,
	`path` text NOT NULL,
	`root_dir` text,
	`log_present` integer DEFAULT 1 NOT NULL,
	`log_gone_at` text,
	`cwd` text,
	`repo` text,
	`started_at` text,
	`ended_at` text,
	`title` text,
	`title_source` text,
	`user_turns` integer DEFAULT 0 NOT NULL,
	`turn_count` integer DEFAULT 0 NOT NULL,
	`hidden` integer DEFAULT 0 NOT NULL,
	`has_commits` integer DEFAULT 0 NOT NULL,
	`wrote_checkpoint` integer DEFAULT 0 NOT NULL,
	`uncommitted_edits` integer DEFAULT 0 NOT NULL,
	`file_size` integer DEFAULT 0 NOT NULL,
	`file_mtime` real DEFAULT 0 NOT NULL,
	`file_ino` text,
	`head_hash` text,
	`offset` integer DEFAULT 0 NOT NULL,
	`next_line` integer DEFAULT 1 NOT NULL,
	`lines_read` integer DEFAULT 0 NOT NULL,
	`updated_at` text NOT NULL,
	`first_prompt` text,
	`record` text NOT NULL,
	`state` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sessions_agent_key_idx` ON `sessions` (`agent`, `key`);
--> statement-breakpoint
CREATE INDEX `sessions_repo_idx` ON `sessions` (`repo`);
--> statement-breakpoint
CREATE INDEX `sessions_started_idx` ON `sessions` (`started_at`);
--> statement-breakpoint
CREATE INDEX `sessions_parent_idx` ON `sessions` (`parent_id`);
--> statement-breakpoint
CREATE TABLE `session_turns` (
	`rowid` integer PRIMARY KEY,
	`session_id` text NOT NULL REFERENCES `sessions`(`id`) ON DELETE CASCADE,
	`seq` integer NOT NULL,
	`kind` text NOT NULL,
	`at` text,
	`search` text NOT NULL,
	`text` text NOT NULL,
	`tool` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `session_turns_seq_idx` ON `session_turns` (`session_id`, `seq`);
--> statement-breakpoint
CREATE TABLE `session_links` (
	`session_id` text NOT NULL REFERENCES `sessions`(`id`) ON DELETE CASCADE,
	`document_id` text NOT NULL,
	`how` text NOT NULL,
	PRIMARY KEY(`session_id`, `document_id`)
);
--> statement-breakpoint
CREATE INDEX `session_links_document_idx` ON `session_links` (`document_id`);
--> statement-breakpoint
CREATE TABLE `session_settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
CREATE VIRTUAL TABLE `session_turns_fts` USING fts5(
  search,
  content='session_turns', content_rowid='rowid',
  tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `session_turns_fts_after_insert` AFTER INSERT ON `session_turns` BEGIN
  INSERT INTO session_turns_fts(rowid, search) VALUES (new.rowid, new.search);
END;
--> statement-breakpoint
CREATE TRIGGER `session_turns_fts_after_delete` AFTER DELETE ON `session_turns` BEGIN
  INSERT INTO session_turns_fts(session_turns_fts, rowid, search) VALUES ('delete', old.rowid, old.search);
END;
