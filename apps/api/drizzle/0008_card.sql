CREATE TABLE "cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" integer NOT NULL,
	"account_id" uuid NOT NULL,
	"card_id" text NOT NULL,
	"number" text NOT NULL,
	"secret" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cards_account_key" ON "cards" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cards_card_id_key" ON "cards" USING btree ("card_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cards_client_number_key" ON "cards" USING btree ("client_id","number");