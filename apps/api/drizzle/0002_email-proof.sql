CREATE TABLE "email_confirmations" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"account_id" uuid NOT NULL,
	"email_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "link" text;--> statement-breakpoint
ALTER TABLE "email_confirmations" ADD CONSTRAINT "email_confirmations_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_confirmations" ADD CONSTRAINT "email_confirmations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_confirmations_account_id_idx" ON "email_confirmations" USING btree ("account_id");--> statement-breakpoint
-- Hand-written backfill (docs/decisions/009). On e-mail marinas (every one but the SMS marinas 41 and 25
-- of CLIENTES_CON_SMS) an account past validation received its registration code, or its e-mail change
-- code, at this address: it is proven.
UPDATE "accounts" SET "email_verified_at" = coalesce("activated_at", "updated_at") WHERE "client_id" NOT IN (41, 25) AND "status" IN ('validated', 'active', 'suspended') AND "email" IS NOT NULL;--> statement-breakpoint
-- What was already sent keeps only its metadata.
UPDATE "outbox" SET "text" = '', "code" = NULL WHERE "status" <> 'pending';
