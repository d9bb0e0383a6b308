ALTER TABLE "chat_messages" ADD COLUMN "send_key" text;--> statement-breakpoint
ALTER TABLE "global_messages" ADD COLUMN "send_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_sender_key" ON "chat_messages" USING btree ("msg_from","send_key");--> statement-breakpoint
CREATE UNIQUE INDEX "global_messages_sender_key" ON "global_messages" USING btree ("msg_from","send_key");