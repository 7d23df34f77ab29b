CREATE TABLE "authorisation_boats" (
	"authorisation_id" uuid NOT NULL,
	"boat_id" uuid NOT NULL,
	"client_id" integer NOT NULL,
	CONSTRAINT "authorisation_boats_authorisation_id_boat_id_pk" PRIMARY KEY("authorisation_id","boat_id")
);
--> statement-breakpoint
CREATE TABLE "authorisations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" integer NOT NULL,
	"account_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"surnames" text NOT NULL,
	"document" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"licence_type" text NOT NULL,
	"licence_number" text NOT NULL,
	"licence_expires_on" date NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"state" text DEFAULT 'pending' NOT NULL,
	"suspension_reason" text,
	"suspended_at" timestamp with time zone,
	"validated_at" timestamp with time zone,
	"verification_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "authorisations_state_check" CHECK ("authorisations"."state" in ('pending', 'active', 'suspended', 'expired')),
	CONSTRAINT "authorisations_period_check" CHECK ("authorisations"."valid_to" is null or "authorisations"."valid_to" >= "authorisations"."valid_from")
);
--> statement-breakpoint
ALTER TABLE "launches" ADD COLUMN "authorisation_id" uuid;--> statement-breakpoint
ALTER TABLE "authorisation_boats" ADD CONSTRAINT "authorisation_boats_authorisation_id_authorisations_id_fk" FOREIGN KEY ("authorisation_id") REFERENCES "public"."authorisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "authorisation_boats" ADD CONSTRAINT "authorisation_boats_boat_id_boats_id_fk" FOREIGN KEY ("boat_id") REFERENCES "public"."boats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "authorisation_boats" ADD CONSTRAINT "authorisation_boats_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "authorisations" ADD CONSTRAINT "authorisations_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "authorisations" ADD CONSTRAINT "authorisations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "authorisations" ADD CONSTRAINT "authorisations_verification_id_verification_codes_id_fk" FOREIGN KEY ("verification_id") REFERENCES "public"."verification_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "authorisation_boats_boat_idx" ON "authorisation_boats" USING btree ("boat_id");--> statement-breakpoint
CREATE INDEX "authorisations_account_idx" ON "authorisations" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "authorisations_client_document_idx" ON "authorisations" USING btree ("client_id","document");--> statement-breakpoint
CREATE INDEX "authorisations_state_idx" ON "authorisations" USING btree ("client_id","state");--> statement-breakpoint
CREATE INDEX "launches_authorisation_idx" ON "launches" USING btree ("authorisation_id");