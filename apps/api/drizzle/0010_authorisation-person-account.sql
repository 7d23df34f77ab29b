ALTER TABLE "authorisations" DROP CONSTRAINT "authorisations_state_check";--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "phone_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "authorisations" ADD COLUMN "person_account_id" uuid;--> statement-breakpoint
ALTER TABLE "authorisations" ADD CONSTRAINT "authorisations_person_account_id_accounts_id_fk" FOREIGN KEY ("person_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "authorisations_person_account_idx" ON "authorisations" USING btree ("person_account_id");--> statement-breakpoint
ALTER TABLE "authorisations" ADD CONSTRAINT "authorisations_state_check" CHECK ("authorisations"."state" in ('pending', 'active', 'suspended', 'expired', 'ended'));--> statement-breakpoint
-- Hand-written backfill (docs/decisions/038). A phone is proven when a code sent to it came back: on SMS
-- marinas every account past validation received its registration code there; anywhere, a phone change
-- confirmed by its code (while that code's row is still kept).
UPDATE "accounts" SET "phone_verified_at" = coalesce("activated_at", "updated_at") WHERE "status" IN ('validated', 'active', 'suspended') AND "phone" IS NOT NULL AND "client_id" IN (SELECT "id" FROM "clients" WHERE "sends_sms");--> statement-breakpoint
UPDATE "accounts" SET "phone_verified_at" = v."consumed_at" FROM "verification_codes" v WHERE "accounts"."phone_verified_at" IS NULL AND "accounts"."status" IN ('validated', 'active', 'suspended') AND v."account_id" = "accounts"."id" AND v."purpose" = 'contact_change' AND v."contact_field" = 'phone' AND v."consumed_at" IS NOT NULL AND v."destination" = "accounts"."phone";--> statement-breakpoint
-- An authorisation the owner validated attaches to the live account with its document that proved the phone or
-- the e-mail the owner typed, as the API attaches from now on; the document alone attaches nothing. Documents are
-- unique per marina among live accounts, so at most one account qualifies.
UPDATE "authorisations" SET "person_account_id" = ac."id" FROM "accounts" ac WHERE "authorisations"."person_account_id" IS NULL AND "authorisations"."validated_at" IS NOT NULL AND "authorisations"."state" <> 'pending' AND ac."client_id" = "authorisations"."client_id" AND ac."document" = "authorisations"."document" AND ac."id" <> "authorisations"."account_id" AND ac."status" IN ('active', 'suspended') AND ((ac."phone_verified_at" IS NOT NULL AND ac."phone" = "authorisations"."phone") OR (ac."email_verified_at" IS NOT NULL AND ac."email" = "authorisations"."email"));--> statement-breakpoint
-- Open launches asked for under an authorisation by an account it is not attached to (matched by the document
-- alone) are cancelled: the place each held is given back and the change recorded, as the platform's own. Those
-- waiting for these slots are not promoted here; the next place freed there, or the sweep, deals with them.
WITH "doomed" AS (
  SELECT l."id", l."client_id", l."slot_start", l."status" FROM "launches" l
  WHERE l."authorisation_id" IS NOT NULL AND l."status" IN ('pending', 'confirmed', 'waitlisted')
    AND NOT EXISTS (SELECT 1 FROM "authorisations" a WHERE a."id" = l."authorisation_id" AND a."person_account_id" = l."account_id")
), "freed" AS (
  UPDATE "launch_slots" s SET "held" = s."held" - f."n"
  FROM (SELECT "client_id", "slot_start", count(*)::int AS "n" FROM "doomed" WHERE "status" <> 'waitlisted' GROUP BY 1, 2) f
  WHERE s."client_id" = f."client_id" AND s."start" = f."slot_start"
  RETURNING 1
), "recorded" AS (
  INSERT INTO "launch_events" ("launch_id", "client_id", "at", "actor", "actor_account_id", "from_status", "to_status", "slot_start", "reason")
  SELECT "id", "client_id", now(), 'system', NULL, "status", 'cancelled', "slot_start", 'Autorización no vinculada a esta cuenta' FROM "doomed"
  RETURNING 1
)
UPDATE "launches" SET "status" = 'cancelled', "cancellation_reason" = 'Autorización no vinculada a esta cuenta', "updated_at" = now() FROM "doomed" d WHERE "launches"."id" = d."id";
