CREATE TABLE `cairn_completions` (
	`document_id` text PRIMARY KEY NOT NULL,
	`completed_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `documents` (
	`id` text PRIMARY KEY NOT NULL,
	`repository_id` integer,
	`path` text NOT NULL,
	`abs_path` text NOT NULL,
	`source` text DEFAULT 'worktree' NOT NULL,
	`format` text NOT NULL,
	`kind` text NOT NULL,
	`title` text,
	`status` text,
	`status_raw` text,
	`completed_in_cairn` integer DEFAULT false NOT NULL,
	`branch` text,
	`head_sha_raw` text,
	`head_sha` text,
	`saved_at` text,
	`saved_at_source` text,
	`dirty_saved` integer,
	`project` text,
	`tasks_done` integer,
	`tasks_total` integer,
	`quality_score` integer,
	`quality_reasons` text,
	`freshness` text,
	`freshness_level` text,
	`superseded_by` text,
	`duplicate_of` text,
	`meta` text,
	`body` text DEFAULT '' NOT NULL,
	`original` text DEFAULT '' NOT NULL,
	`decisions_text` text DEFAULT '' NOT NULL,
	`content_hash` text NOT NULL,
	`mtime_ms` real NOT NULL,
	`size` integer NOT NULL,
	`indexed_at` text NOT NULL,
	FOREIGN KEY (`repository_id`) REFERENCES `repositories`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `documents_repository_idx` ON `documents` (`repository_id`);--> statement-breakpoint
CREATE INDEX `documents_saved_at_idx` ON `documents` (`saved_at`);--> statement-breakpoint
CREATE INDEX `documents_status_idx` ON `documents` (`status`);--> statement-breakpoint
CREATE INDEX `documents_head_sha_idx` ON `documents` (`head_sha`);--> statement-breakpoint
CREATE UNIQUE INDEX `documents_location_idx` ON `documents` (`abs_path`,`source`);--> statement-breakpoint
CREATE TABLE `index_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`started_at` text NOT NULL,
	`finished_at` text,
	`summary` text
);
--> statement-breakpoint
CREATE TABLE `indexed_files` (
	`abs_path` text PRIMARY KEY NOT NULL,
	`repository_id` integer,
	`mtime_ms` real NOT NULL,
	`size` integer NOT NULL,
	`content_hash` text,
	`document_id` text,
	FOREIGN KEY (`repository_id`) REFERENCES `repositories`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `indexed_files_repository_idx` ON `indexed_files` (`repository_id`);--> statement-breakpoint
CREATE TABLE `problems` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`repository_id` integer,
	`document_id` text,
	`file_path` text NOT NULL,
	`message` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`repository_id`) REFERENCES `repositories`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `problems_repository_idx` ON `problems` (`repository_id`);--> statement-breakpoint
CREATE INDEX `problems_document_idx` ON `problems` (`document_id`);--> statement-breakpoint
CREATE TABLE `referenced_files` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`document_id` text NOT NULL,
	`path` text NOT NULL,
	`role` text NOT NULL,
	`exists_now` integer,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `referenced_files_document_idx` ON `referenced_files` (`document_id`);--> statement-breakpoint
CREATE INDEX `referenced_files_path_idx` ON `referenced_files` (`path`);--> statement-breakpoint
CREATE TABLE `repositories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`path` text NOT NULL,
	`name` text NOT NULL,
	`root_path` text,
	`is_bare` integer DEFAULT false NOT NULL,
	`current_branch` text,
	`head_sha` text,
	`git_fingerprint` text,
	`last_indexed_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `repositories_path_unique` ON `repositories` (`path`);--> statement-breakpoint
CREATE TABLE `roots` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`path` text NOT NULL,
	`added_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `roots_path_unique` ON `roots` (`path`);--> statement-breakpoint
CREATE TABLE `save_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`repository_id` integer NOT NULL,
	`sha` text NOT NULL,
	`subject` text NOT NULL,
	`committed_at` text NOT NULL,
	`branch` text,
	`document_id` text,
	FOREIGN KEY (`repository_id`) REFERENCES `repositories`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `save_events_repository_idx` ON `save_events` (`repository_id`);--> statement-breakpoint
CREATE TABLE `secret_findings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`document_id` text NOT NULL,
	`rule` text NOT NULL,
	`line` integer NOT NULL,
	`column` integer NOT NULL,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `secret_findings_document_idx` ON `secret_findings` (`document_id`);--> statement-breakpoint
CREATE TABLE `sections` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`document_id` text NOT NULL,
	`position` integer NOT NULL,
	`canonical` text,
	`heading` text NOT NULL,
	`level` integer NOT NULL,
	`text` text NOT NULL,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sections_document_idx` ON `sections` (`document_id`);--> statement-breakpoint
CREATE TABLE `tasks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`document_id` text NOT NULL,
	`position` integer NOT NULL,
	`text` text NOT NULL,
	`done` integer NOT NULL,
	`state` text NOT NULL,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `tasks_document_idx` ON `tasks` (`document_id`);