ALTER TABLE "clients" ALTER COLUMN "time_zone" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "opening_hours" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "sends_sms" boolean DEFAULT false NOT NULL;