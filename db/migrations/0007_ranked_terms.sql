-- The ranked search's own index: each document's words once, analyzed in JavaScript (stemmed, stop words
-- dropped, CJK text in character pairs: lib/index/terms/) and kept in five weighted fields. Contentless: the
-- text is not stored a second time, only the index; rows leave with their document (trigger below). The index
-- writer fills it, so every file is read and parsed once more on the next index run (stamps and hashes reset).
CREATE VIRTUAL TABLE `documents_terms` USING fts5(
  title, paths, next, decisions, body,
  content='', contentless_delete=1,
  tokenize='unicode61 remove_diacritics 0'
);
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
