CREATE TABLE "problem_drafts" (
	"user_id" integer NOT NULL,
	"problem_id" integer NOT NULL,
	"code" text NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "problem_drafts_user_id_problem_id_pk" PRIMARY KEY("user_id","problem_id")
);
--> statement-breakpoint
ALTER TABLE "submissions" ALTER COLUMN "run_time" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "problems" ADD COLUMN "difficulty" text DEFAULT 'easy' NOT NULL;--> statement-breakpoint
ALTER TABLE "problems" ADD COLUMN "topics" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "problems" ADD COLUMN "submit_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "problems" ADD COLUMN "accepted_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "problem_drafts" ADD CONSTRAINT "problem_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_drafts" ADD CONSTRAINT "problem_drafts_problem_id_problems_id_fk" FOREIGN KEY ("problem_id") REFERENCES "public"."problems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "submissions_submitter" ON "submissions" USING btree ("submission_by","problem_id","id");--> statement-breakpoint
-- Every stored submission passed all its tests: until now only accepted submits were recorded.
UPDATE "problems" SET "submit_count" = (SELECT count(*) FROM "submissions" s WHERE s."problem_id" = "problems"."id"), "accepted_count" = (SELECT count(*) FROM "submissions" s WHERE s."problem_id" = "problems".id);
