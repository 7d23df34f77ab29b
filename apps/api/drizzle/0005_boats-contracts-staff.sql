CREATE TABLE "boats" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" integer NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"registration" text NOT NULL,
	"make" text DEFAULT '' NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"length_m" double precision NOT NULL,
	"beam_m" double precision NOT NULL,
	"engine" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'in_rack' NOT NULL,
	"rack_position" text,
	"insurer" text,
	"policy_number" text,
	"insurance_expires_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "boats_state_check" CHECK ("boats"."state" in ('in_rack', 'in_water', 'maintenance'))
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" integer NOT NULL,
	"boat_id" uuid NOT NULL,
	"plan" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"rejection_reason" text,
	CONSTRAINT "contracts_status_check" CHECK ("contracts"."status" in ('requested', 'active', 'rejected', 'expired', 'cancelled')),
	CONSTRAINT "contracts_plan_check" CHECK ("contracts"."plan" in ('annual', 'seasonal', 'monthly'))
);
--> statement-breakpoint
CREATE TABLE "insurance_certificates" (
	"boat_id" uuid PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL,
	"uploaded_by" uuid
);
--> statement-breakpoint
CREATE TABLE "setting_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"account_id" uuid,
	"setting" text NOT NULL,
	"old_value" jsonb NOT NULL,
	"new_value" jsonb NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "role" text DEFAULT 'customer' NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "document_expires_on" date;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "licence_type" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "licence_number" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "licence_expires_on" date;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "staff_settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "boats" ADD CONSTRAINT "boats_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boats" ADD CONSTRAINT "boats_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_boat_id_boats_id_fk" FOREIGN KEY ("boat_id") REFERENCES "public"."boats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_decided_by_accounts_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_certificates" ADD CONSTRAINT "insurance_certificates_boat_id_boats_id_fk" FOREIGN KEY ("boat_id") REFERENCES "public"."boats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_certificates" ADD CONSTRAINT "insurance_certificates_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_certificates" ADD CONSTRAINT "insurance_certificates_uploaded_by_accounts_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "setting_changes" ADD CONSTRAINT "setting_changes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "setting_changes" ADD CONSTRAINT "setting_changes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "boats_client_registration_key" ON "boats" USING btree ("client_id","registration");--> statement-breakpoint
CREATE INDEX "boats_account_id_idx" ON "boats" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_one_open_per_boat" ON "contracts" USING btree ("boat_id") WHERE "contracts"."status" in ('requested', 'active');--> statement-breakpoint
CREATE INDEX "contracts_client_status_idx" ON "contracts" USING btree ("client_id","status");--> statement-breakpoint
CREATE INDEX "setting_changes_client_idx" ON "setting_changes" USING btree ("client_id","changed_at");--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_role_check" CHECK ("accounts"."role" in ('customer', 'staff'));