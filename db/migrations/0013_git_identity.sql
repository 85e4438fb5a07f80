-- The user's global git identity (`git config --global user.email` / `user.name`) as last read, keyed by the home
-- folder and a stamp of the global config files (issue 28: every `cairn queue` started a git helper and two git
-- processes to learn it again). One row; read again when either file changes.
CREATE TABLE `git_identity` (
	`key` text PRIMARY KEY NOT NULL,
	`emails` text NOT NULL,
	`names` text NOT NULL
);
