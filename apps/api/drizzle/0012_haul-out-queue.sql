ALTER TABLE "launches" ADD COLUMN "ready_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "launches_haul_out_queue_idx" ON "launches" USING btree ("client_id","ready_at","id") WHERE "launches"."status" = 'ready_to_stow';--> statement-breakpoint
UPDATE "launches" SET "ready_at" = (
  SELECT max("launch_events"."at") FROM "launch_events"
  WHERE "launch_events"."launch_id" = "launches"."id" AND "launch_events"."to_status" = 'ready_to_stow'
) WHERE "launches"."status" IN ('ready_to_stow', 'completed');
