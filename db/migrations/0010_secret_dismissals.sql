-- "Not a secret" (issue 27): a finding the user dismissed stays dismissed across re-indexes. A finding is known by its
-- file (document id), its rule and `match_hash`: the sha256 of its line as the index keeps it, the secret already
-- replaced by `[REDACTED:<rule>]` (lib/derive/secret-match.ts): never the value, nor a hash of it. Kept in Cairn's
-- database, never in the repository. Files holding findings are re-read at the next index run to fill match_hash.
ALTER TABLE `secret_findings` ADD `match_hash` text;
--> statement-breakpoint
CREATE TABLE `secret_dismissals` (
	`document_id` text NOT NULL,
	`rule` text NOT NULL,
	`match_hash` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`document_id`, `rule`, `match_hash`)
);
--> statement-breakpoint
UPDATE `indexed_files` SET `content_hash` = NULL, `size` = -1 WHERE `document_id` IN (SELECT `document_id` FROM `secret_findings`);
--> statement-breakpoint
UPDATE `repositories` SET `index_stamp` = NULL WHERE `id` IN (SELECT `d`.`repository_id` FROM `documents` `d` JOIN `secret_findings` `f` ON `f`.`document_id` = `d`.`id`);
--> statement-breakpoint
UPDATE `documents` SET `content_hash` = '' WHERE `source` <> 'worktree' AND `id` IN (SELECT `document_id` FROM `secret_findings`);
