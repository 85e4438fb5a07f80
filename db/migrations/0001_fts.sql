-- Full-text index over titles, decisions and the (already redacted) body, kept in step by triggers.
CREATE VIRTUAL TABLE `documents_fts` USING fts5(
  title, decisions, body,
  content='documents', content_rowid='rowid',
  tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `documents_fts_after_insert` AFTER INSERT ON `documents` BEGIN
  INSERT INTO documents_fts(rowid, title, decisions, body)
  VALUES (new.rowid, coalesce(new.title, ''), new.decisions_text, new.body);
END;
--> statement-breakpoint
CREATE TRIGGER `documents_fts_after_delete` AFTER DELETE ON `documents` BEGIN
  INSERT INTO documents_fts(documents_fts, rowid, title, decisions, body)
  VALUES ('delete', old.rowid, coalesce(old.title, ''), old.decisions_text, old.body);
END;
--> statement-breakpoint
CREATE TRIGGER `documents_fts_after_update` AFTER UPDATE OF title, decisions_text, body ON `documents` BEGIN
  INSERT INTO documents_fts(documents_fts, rowid, title, decisions, body)
  VALUES ('delete', old.rowid, coalesce(old.title, ''), old.decisions_text, old.body);
  INSERT INTO documents_fts(rowid, title, decisions, body)
  VALUES (new.rowid, coalesce(new.title, ''), new.decisions_text, new.body);
END;
