-- How sure each field is (issue 26): `field_confidence` holds { field: "stated" | "guessed" | "user" } for the
-- fields with a value (lib/parse/confidence.ts works it out from field_sources; a correction makes it "user"), so
-- lists can filter on a guessed status in SQL. `head_sha_stated` keeps the commit exactly as the file states it,
-- even when it does not resolve here and when the user corrects it (head_sha_raw then holds the correction).
-- Both are small columns added after the large ones (SQLite appends): a record read walks past `body` for them,
-- as for `field_sources`. The next index run re-parses every file to fill them (stamps and hashes reset).
ALTER TABLE `documents` ADD `field_confidence` text;
--> statement-breakpoint
ALTER TABLE `documents` ADD `head_sha_stated` text;
--> statement-breakpoint
UPDATE `indexed_files` SET `content_hash` = NULL, `size` = -1;
--> statement-breakpoint
UPDATE `repositories` SET `index_stamp` = NULL;
--> statement-breakpoint
UPDATE `documents` SET `content_hash` = '' WHERE `source` <> 'worktree';
