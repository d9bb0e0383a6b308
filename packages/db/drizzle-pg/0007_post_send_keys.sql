ALTER TABLE "answers" ADD COLUMN "send_key" text;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "send_key" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "send_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "answers_author_key" ON "answers" USING btree ("ans_by","send_key");--> statement-breakpoint
CREATE UNIQUE INDEX "comments_author_key" ON "comments" USING btree ("comment_by","send_key");--> statement-breakpoint
CREATE UNIQUE INDEX "questions_author_key" ON "questions" USING btree ("asked_by","send_key");