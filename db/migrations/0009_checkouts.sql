-- One piece of work, one row (issue 25): linked worktrees of one repository share its common git folder, and
-- separate clones of one project share a root commit and a remote (or, without one, a folder name). Each
-- repository row (a checkout) says which it belongs to; a file held with the same bytes at the same path by
-- several checkouts of a project is one document, its checkouts listed in `document_checkouts`.
ALTER TABLE `repositories` ADD `common_dir` text;
--> statement-breakpoint
ALTER TABLE `repositories` ADD `project_key` text;
--> statement-breakpoint
ALTER TABLE `repositories` ADD `root_commit` text;
--> statement-breakpoint
ALTER TABLE `repositories` ADD `remote_url` text;
--> statement-breakpoint
ALTER TABLE `repositories` ADD `is_main_worktree` integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE `repositories` ADD `changed_files` integer;
--> statement-breakpoint
CREATE INDEX `repositories_project_idx` ON `repositories` (`project_key`);
--> statement-breakpoint
CREATE TABLE `document_checkouts` (
  `document_id` text NOT NULL REFERENCES `documents`(`id`) ON DELETE CASCADE,
  `repository_id` integer NOT NULL REFERENCES `repositories`(`id`) ON DELETE CASCADE,
  `abs_path` text NOT NULL,
  PRIMARY KEY (`document_id`, `repository_id`)
);
--> statement-breakpoint
CREATE INDEX `document_checkouts_repository_idx` ON `document_checkouts` (`repository_id`);
--> statement-breakpoint
CREATE TABLE `checkout_choices` (
  `project_key` text NOT NULL,
  `path` text NOT NULL,
  `repository_path` text NOT NULL,
  `chosen_at` text NOT NULL,
  PRIMARY KEY (`project_key`, `path`)
);
--> statement-breakpoint
CREATE TABLE `carried_copies` (
  `project_key` text NOT NULL,
  `path` text NOT NULL,
  `from_hash` text NOT NULL,
  `to_hash` text NOT NULL,
  PRIMARY KEY (`project_key`, `path`, `from_hash`)
);
--> statement-breakpoint
UPDATE `repositories` SET `index_stamp` = NULL;
