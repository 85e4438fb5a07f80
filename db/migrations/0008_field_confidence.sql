-- How sure each field is (issue 26): `field_confidence` holds { field: "stated" | "guessed" | "user" } for the
-- fields with a value (lib/parse/confidence.ts works it out from field_sources; a correction makes it "user"), so
-- lists can filter on a guessed status in SQL. `head_sha_stated` keeps the commit exactly as the file states it,
-- even when it does not resolve here and when the user corrects it (head_sha_raw then holds the correction).
-- Both are read for every record, so they go before the large columns (as 0005 laid them out: SQLite reads a
-- row's columns in order): `documents` is rebuilt the same way, with its rowids (the search indexes key on them),
-- indexes and triggers. The next index run re-parses every file to fill field_confidence (stamps and hashes reset).
CREATE TABLE `documents_reordered` (
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
	`freshness_level` text,
	`superseded_by` text,
	`duplicate_of` text,
	`field_sources` text,
	`head_sha_verified` integer,
	`lineage` text,
	`alias_of` text,
	`field_confidence` text,
	`head_sha_stated` text,
	`content_hash` text NOT NULL,
	`mtime_ms` real NOT NULL,
	`size` integer NOT NULL,
	`indexed_at` text NOT NULL,
	`quality_reasons` text,
	`freshness` text,
	`meta` text,
	`decisions_text` text DEFAULT '' NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`original` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`repository_id`) REFERENCES `repositories`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `documents_reordered` (rowid, `id`, `repository_id`, `path`, `abs_path`, `source`, `format`, `kind`, `title`, `status`, `status_raw`, `completed_in_cairn`, `branch`, `head_sha_raw`, `head_sha`, `saved_at`, `saved_at_source`, `dirty_saved`, `project`, `tasks_done`, `tasks_total`, `quality_score`, `freshness_level`, `superseded_by`, `duplicate_of`, `field_sources`, `head_sha_verified`, `lineage`, `alias_of`, `head_sha_stated`, `content_hash`, `mtime_ms`, `size`, `indexed_at`, `quality_reasons`, `freshness`, `meta`, `decisions_text`, `body`, `original`)
  SELECT rowid, `id`, `repository_id`, `path`, `abs_path`, `source`, `format`, `kind`, `title`, `status`, `status_raw`, `completed_in_cairn`, `branch`, `head_sha_raw`, `head_sha`, `saved_at`, `saved_at_source`, `dirty_saved`, `project`, `tasks_done`, `tasks_total`, `quality_score`, `freshness_level`, `superseded_by`, `duplicate_of`, `field_sources`, `head_sha_verified`, `lineage`, `alias_of`, `head_sha_raw`, `content_hash`, `mtime_ms`, `size`, `indexed_at`, `quality_reasons`, `freshness`, `meta`, `decisions_text`, `body`, `original` FROM `documents`;
--> statement-breakpoint
DROP TABLE `documents`;
--> statement-breakpoint
ALTER TABLE `documents_reordered` RENAME TO `documents`;
--> statement-breakpoint
CREATE INDEX `documents_repository_idx` ON `documents` (`repository_id`);
--> statement-breakpoint
CREATE INDEX `documents_saved_at_idx` ON `documents` (`saved_at`);
--> statement-breakpoint
CREATE INDEX `documents_status_idx` ON `documents` (`status`);
--> statement-breakpoint
CREATE INDEX `documents_head_sha_idx` ON `documents` (`head_sha`);
--> statement-breakpoint
CREATE UNIQUE INDEX `documents_location_idx` ON `documents` (`abs_path`,`source`);
--> statement-breakpoint
CREATE TRIGGER `documents_fts_after_insert` AFTER INSERT ON `documents` BEGIN
  INSERT INTO documents_fts(rowid, title, decisions_text, body)
  VALUES (new.rowid, new.title, new.decisions_text, new.body);
END;
--> statement-breakpoint
CREATE TRIGGER `documents_fts_after_delete` AFTER DELETE ON `documents` BEGIN
  INSERT INTO documents_fts(documents_fts, rowid, title, decisions_text, body)
  VALUES ('delete', old.rowid, old.title, old.decisions_text, old.body);
END;
--> statement-breakpoint
CREATE TRIGGER `documents_fts_after_update` AFTER UPDATE OF title, decisions_text, body ON `documents` BEGIN
  INSERT INTO documents_fts(documents_fts, rowid, title, decisions_text, body)
  VALUES ('delete', old.rowid, old.title, old.decisions_text, old.body);
  INSERT INTO documents_fts(rowid, title, decisions_text, body)
  VALUES (new.rowid, new.title, new.decisions_text, new.body);
END;

--> statement-breakpoint
CREATE TRIGGER `documents_terms_after_delete` AFTER DELETE ON `documents` BEGIN
  DELETE FROM documents_terms WHERE rowid = old.rowid;
END;
--> statement-breakpoint
UPDATE `indexed_files` SET `content_hash` = NULL, `size` = -1;
--> statement-breakpoint
UPDATE `repositories` SET `index_stamp` = NULL;
--> statement-breakpoint
UPDATE `documents` SET `content_hash` = '' WHERE `source` <> 'worktree';
