-- New questions reach the full-text index once per commit, not one by one. FTS5 writes what it has
-- gathered to disk at every savepoint, and every write in a group commit runs in a savepoint of its
-- own: a question indexed by its insert cost a segment of its own (and the merges that follow),
-- several times the rest of the question's write. The insert trigger now only notes the question
-- here; the writer indexes every noted question in one statement just before its COMMIT
-- (packages/db/src/search-index.ts), in the same transaction, so a committed question is always
-- searchable. An edit or a deletion of a question still waiting here handles it directly.
CREATE TABLE `questions_fts_pending` (
	`id` integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP TRIGGER `questions_fts_after_insert`;
--> statement-breakpoint
CREATE TRIGGER `questions_fts_after_insert` AFTER INSERT ON `questions` BEGIN
	INSERT INTO questions_fts_pending(id) VALUES (new.id);
END;
--> statement-breakpoint
DROP TRIGGER `questions_fts_after_delete`;
--> statement-breakpoint
-- A question still waiting was never indexed: the index's 'delete' would corrupt it.
CREATE TRIGGER `questions_fts_after_delete` AFTER DELETE ON `questions` BEGIN
	INSERT INTO questions_fts(questions_fts, rowid, title, text)
		SELECT 'delete', old.id, old.title, old.text
		WHERE NOT EXISTS (SELECT 1 FROM questions_fts_pending WHERE id = old.id);
	DELETE FROM questions_fts_pending WHERE id = old.id;
END;
--> statement-breakpoint
DROP TRIGGER `questions_fts_after_update`;
--> statement-breakpoint
-- Only title and text matter: counter updates (views, votes, answers) must not touch the index.
CREATE TRIGGER `questions_fts_after_update` AFTER UPDATE OF title, text ON `questions` BEGIN
	INSERT INTO questions_fts(questions_fts, rowid, title, text)
		SELECT 'delete', old.id, old.title, old.text
		WHERE NOT EXISTS (SELECT 1 FROM questions_fts_pending WHERE id = old.id);
	DELETE FROM questions_fts_pending WHERE id = old.id;
	INSERT INTO questions_fts(rowid, title, text) VALUES (new.id, new.title, new.text);
END;
