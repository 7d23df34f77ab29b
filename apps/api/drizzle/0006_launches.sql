CREATE TABLE "closures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "closures_range_check" CHECK ("closures"."ends_at" > "closures"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "launch_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"launch_id" uuid NOT NULL,
	"client_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor" text NOT NULL,
	"actor_account_id" uuid,
	"from_status" text,
	"to_status" text NOT NULL,
	"slot_start" timestamp with time zone NOT NULL,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "launch_slots" (
	"client_id" integer NOT NULL,
	"start" timestamp with time zone NOT NULL,
	"held" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "launch_slots_client_id_start_pk" PRIMARY KEY("client_id","start"),
	CONSTRAINT "launch_slots_held_check" CHECK ("launch_slots"."held" >= 0)
);
--> statement-breakpoint
CREATE TABLE "launches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" integer NOT NULL,
	"account_id" uuid NOT NULL,
	"boat_id" uuid NOT NULL,
	"status" text NOT NULL,
	"slot_start" timestamp with time zone NOT NULL,
	"expected_return" timestamp with time zone NOT NULL,
	"people" integer NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"cancellation_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seq" bigserial NOT NULL,
	CONSTRAINT "launches_status_check" CHECK ("launches"."status" in ('pending', 'confirmed', 'waitlisted', 'in_water', 'ready_to_stow', 'completed', 'cancelled')),
	CONSTRAINT "launches_people_check" CHECK ("launches"."people" between 1 and 30)
);
--> statement-breakpoint
ALTER TABLE "closures" ADD CONSTRAINT "closures_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closures" ADD CONSTRAINT "closures_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launch_events" ADD CONSTRAINT "launch_events_launch_id_launches_id_fk" FOREIGN KEY ("launch_id") REFERENCES "public"."launches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launch_events" ADD CONSTRAINT "launch_events_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launch_events" ADD CONSTRAINT "launch_events_actor_account_id_accounts_id_fk" FOREIGN KEY ("actor_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launch_slots" ADD CONSTRAINT "launch_slots_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launches" ADD CONSTRAINT "launches_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launches" ADD CONSTRAINT "launches_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launches" ADD CONSTRAINT "launches_boat_id_boats_id_fk" FOREIGN KEY ("boat_id") REFERENCES "public"."boats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "closures_client_range_idx" ON "closures" USING btree ("client_id","starts_at");--> statement-breakpoint
CREATE INDEX "launch_events_launch_idx" ON "launch_events" USING btree ("launch_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "launches_one_open_per_boat" ON "launches" USING btree ("boat_id") WHERE "launches"."status" in ('pending', 'confirmed', 'waitlisted', 'in_water', 'ready_to_stow');--> statement-breakpoint
CREATE INDEX "launches_client_slot_idx" ON "launches" USING btree ("client_id","slot_start","status");--> statement-breakpoint
CREATE INDEX "launches_account_status_idx" ON "launches" USING btree ("account_id","status");