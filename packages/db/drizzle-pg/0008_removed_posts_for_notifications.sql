DROP INDEX "notifications_unread";--> statement-breakpoint
CREATE INDEX "answers_removed" ON "answers" USING btree ("id") WHERE "answers"."deleted_at" is not null or "answers"."hidden_at" is not null;--> statement-breakpoint
CREATE INDEX "comments_removed" ON "comments" USING btree ("id") WHERE "comments"."deleted_at" is not null or "comments"."hidden_at" is not null;--> statement-breakpoint
CREATE INDEX "notifications_unread" ON "notifications" USING btree ("user_id","id","question_id","answer_id","comment_id") WHERE "notifications"."read_at" is null;