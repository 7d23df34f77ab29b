CREATE TABLE "notification_preferences" (
	"client_id" integer NOT NULL,
	"account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_account_id_client_id_kind_pk" PRIMARY KEY("account_id","client_id","kind"),
	CONSTRAINT "notification_preferences_kind_check" CHECK ("notification_preferences"."kind" in ('launch_confirmed', 'launch_cancelled', 'waitlist_promoted', 'boat_in_water', 'boat_back', 'stow_reminder', 'contract_approved', 'authorisation', 'data_to_confirm', 'outing_overdue')),
	CONSTRAINT "notification_preferences_channel_check" CHECK ("notification_preferences"."channel" in ('push', 'message', 'both'))
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;