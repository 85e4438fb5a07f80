CREATE TABLE `document_marks` (
	`document_id` text PRIMARY KEY NOT NULL,
	`pinned` integer DEFAULT false NOT NULL,
	`archived` integer DEFAULT false NOT NULL,
	`snoozed_until` text,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `document_overrides` (
	`document_id` text PRIMARY KEY NOT NULL,
	`title` text,
	`status` text,
	`branch` text,
	`head_sha` text,
	`saved_at` text,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
ALTER TABLE `documents` ADD `field_sources` text;--> statement-breakpoint
ALTER TABLE `documents` ADD `head_sha_verified` integer;--> statement-breakpoint
ALTER TABLE `documents` ADD `lineage` text;--> statement-breakpoint
ALTER TABLE `documents` ADD `alias_of` text;