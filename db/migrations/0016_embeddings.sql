-- Meaning search (issue 38): a few passages per document (lib/embed/passages.ts), each embedded once per model
-- and kept by the hash of its text, so unchanged text is never embedded twice. Vectors are int8 with one scale
-- per vector (about a quarter of float32). Passages leave with their document (trigger below).
CREATE TABLE `embedding_vectors` (
  `model` text NOT NULL,
  `hash` text NOT NULL,
  `dims` integer NOT NULL,
  `scale` real NOT NULL,
  `vector` blob NOT NULL,
  PRIMARY KEY (`model`, `hash`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `document_passages` (
  `document_id` text NOT NULL,
  `position` integer NOT NULL,
  `kind` text NOT NULL,
  `text` text NOT NULL,
  `hash` text NOT NULL,
  `doc_hash` text NOT NULL,
  PRIMARY KEY (`document_id`, `position`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `document_passages_hash_idx` ON `document_passages` (`hash`);
--> statement-breakpoint
CREATE TRIGGER `document_passages_after_delete` AFTER DELETE ON `documents` BEGIN
  DELETE FROM document_passages WHERE document_id = old.id;
END;
--> statement-breakpoint
CREATE TABLE `embed_settings` (
  `key` text PRIMARY KEY NOT NULL,
  `value` text NOT NULL
);
