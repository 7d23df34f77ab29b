CREATE TABLE "job_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_id" uuid NOT NULL,
	"name" text NOT NULL,
	"attempt" integer NOT NULL,
	"instance" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"outcome" text,
	"error" text,
	CONSTRAINT "job_runs_outcome_check" CHECK ("job_runs"."outcome" in ('done', 'retry', 'failed', 'lost'))
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"dedup_key" text,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	"seq" bigserial NOT NULL,
	CONSTRAINT "jobs_status_check" CHECK ("jobs"."status" in ('pending', 'done', 'failed'))
);
--> statement-breakpoint
DROP INDEX "outbox_pending_idx";--> statement-breakpoint
-- Hand-written (decision 014): verifications started before this migration (they live 10 minutes) get
-- the hash of their destination, base64url as sha256() in security/secrets.ts writes it.
ALTER TABLE "verification_codes" ADD COLUMN "typed_hash" text;--> statement-breakpoint
UPDATE "verification_codes" SET "typed_hash" = rtrim(translate(encode(sha256(convert_to(coalesce("destination", "id"::text), 'UTF8')), 'base64'), '+/', '-_'), '=');--> statement-breakpoint
ALTER TABLE "verification_codes" ALTER COLUMN "typed_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "job_runs" ADD CONSTRAINT "job_runs_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_runs_job_id_idx" ON "job_runs" USING btree ("job_id");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_name_dedup_key" ON "jobs" USING btree ("name","dedup_key");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at","seq") WHERE "jobs"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "jobs_done_at_idx" ON "jobs" USING btree ("done_at");--> statement-breakpoint
-- Hand-written (decision 014): messages still waiting become jobs of outbox/outbox-sending.ts (its name and
-- tries), keeping their tries so far, before the outbox forgets them.
INSERT INTO "jobs" ("name", "payload", "run_at", "attempts", "max_attempts", "created_at")
  SELECT 'outbox.send', jsonb_build_object('outboxId', "id"::text), "next_attempt_at", "attempts", 8, "created_at" FROM "outbox" WHERE "status" = 'pending' ORDER BY "seq";--> statement-breakpoint
ALTER TABLE "outbox" DROP COLUMN "attempts";--> statement-breakpoint
ALTER TABLE "outbox" DROP COLUMN "next_attempt_at";--> statement-breakpoint
ALTER TABLE "outbox" DROP COLUMN "last_error";