-- Full-text search over question titles and texts. External content: the text lives once, in
-- questions; the index holds only tokens. Prefixes of 2 and 3 characters are indexed so short
-- "as you type" prefix queries stay cheap. The triggers keep the index in step with every write.
CREATE VIRTUAL TABLE `questions_fts` USING fts5(
	title,
	text,
	content='questions',
	content_rowid='id',
	tokenize='unicode61 remove_diacritics 2',
	prefix='2 3',
	columnsize=0
);
--> statement-breakpoint
CREATE TRIGGER `questions_fts_after_insert` AFTER INSERT ON `questions` BEGIN
	INSERT INTO questions_fts(rowid, title, text) VALUES (new.id, new.title, new.text);
END;
--> statement-breakpoint
CREATE TRIGGER `questions_fts_after_delete` AFTER DELETE ON `questions` BEGIN
	INSERT INTO questions_fts(questions_fts, rowid, title, text) VALUES ('delete', old.id, old.title, old.text);
END;
--> statement-breakpoint
-- Only title and text matter: counter updates (views, votes, answers) must not touch the index.
CREATE TRIGGER `questions_fts_after_update` AFTER UPDATE OF title, text ON `questions` BEGIN
	INSERT INTO questions_fts(questions_fts, rowid, title, text) VALUES ('delete', old.id, old.title, old.text);
	INSERT INTO questions_fts(rowid, title, text) VALUES (new.id, new.title, new.text);
END;
--> statement-breakpoint
INSERT INTO questions_fts(questions_fts) VALUES ('rebuild');
