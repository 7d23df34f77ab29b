CREATE TABLE "outings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" integer NOT NULL,
	"boat_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"skipper_kind" text NOT NULL,
	"skipper_authorisation_id" uuid,
	"skipper_first_name" text NOT NULL,
	"skipper_surnames" text NOT NULL,
	"state" text DEFAULT 'at_sea' NOT NULL,
	"departure" timestamp with time zone NOT NULL,
	"expected_return" timestamp with time zone NOT NULL,
	"overdue_since" timestamp with time zone,
	"returned_at" timestamp with time zone,
	"returned_by" text,
	"people" integer NOT NULL,
	"destination" text NOT NULL,
	"contact_phone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outings_state_check" CHECK ("outings"."state" in ('at_sea', 'overdue', 'returned')),
	CONSTRAINT "outings_people_check" CHECK ("outings"."people" between 1 and 30),
	CONSTRAINT "outings_return_check" CHECK ("outings"."expected_return" > "outings"."departure")
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "outings" ADD CONSTRAINT "outings_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outings" ADD CONSTRAINT "outings_boat_id_boats_id_fk" FOREIGN KEY ("boat_id") REFERENCES "public"."boats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outings" ADD CONSTRAINT "outings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outings" ADD CONSTRAINT "outings_skipper_authorisation_id_authorisations_id_fk" FOREIGN KEY ("skipper_authorisation_id") REFERENCES "public"."authorisations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "outings_one_at_sea_per_boat" ON "outings" USING btree ("boat_id") WHERE "outings"."state" in ('at_sea', 'overdue');--> statement-breakpoint
CREATE INDEX "outings_client_state_idx" ON "outings" USING btree ("client_id","state","departure");--> statement-breakpoint
CREATE INDEX "outings_account_idx" ON "outings" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "outings_boat_idx" ON "outings" USING btree ("boat_id","departure");--> statement-breakpoint
CREATE INDEX "outings_skipper_idx" ON "outings" USING btree ("skipper_authorisation_id");