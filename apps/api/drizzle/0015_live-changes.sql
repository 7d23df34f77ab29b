-- Live screens (decision 062): a change to what a customer's screens show announces itself on the channel
-- `marina_changes`, once committed (NOTIFY is delivered on commit only; a rolled-back change tells nobody).
-- Each payload names the marina (c), the accounts that see the row (a), what changed (t) and the change's id
-- (s), one per transaction from `live_change_seq`, so a transaction's identical payloads fold into one.
CREATE SEQUENCE "live_change_seq";
--> statement-breakpoint
CREATE FUNCTION "live_change_id"() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  current_id text := current_setting('marina.live_change_id', true);
BEGIN
  IF current_id IS NULL OR current_id = '' THEN
    current_id := nextval('live_change_seq')::text;
    PERFORM set_config('marina.live_change_id', current_id, true);
  END IF;
  RETURN current_id::bigint;
END
$$;
--> statement-breakpoint
-- The accounts that see a boat: its owner and the persons an authorisation gives it to, active or suspended
-- (a suspended person still sees the boat, as GET /boats shows it; an ended one no longer does).
CREATE FUNCTION "live_boat_audience"(boat uuid) RETURNS uuid[] LANGUAGE sql STABLE AS $$
  SELECT array(
    SELECT b.account_id FROM boats b WHERE b.id = boat
    UNION
    SELECT a.person_account_id
      FROM authorisation_boats ab JOIN authorisations a ON a.id = ab.authorisation_id
     WHERE ab.boat_id = boat AND a.state IN ('active', 'suspended') AND a.person_account_id IS NOT NULL
  )
$$;
--> statement-breakpoint
CREATE FUNCTION "live_announce"(client integer, audience uuid[], topics text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  audience := array_remove(audience, NULL);
  -- No one (a row whose parent went in the same statement): nothing to tell.
  IF audience IS NULL OR cardinality(audience) = 0 THEN
    RETURN;
  END IF;
  PERFORM pg_notify(
    'marina_changes',
    json_build_object('c', client, 'a', audience, 't', topics, 's', live_change_id())::text
  );
END
$$;
--> statement-breakpoint
CREATE FUNCTION "live_row_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
  audience uuid[];
  topics text[];
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  CASE TG_TABLE_NAME
    WHEN 'launches' THEN
      topics := ARRAY['launches'];
      audience := live_boat_audience(r.boat_id) || r.account_id;
    WHEN 'boats' THEN
      topics := ARRAY['boats'];
      audience := live_boat_audience(r.id) || r.account_id;
    WHEN 'contracts' THEN
      topics := ARRAY['boats'];
      audience := live_boat_audience(r.boat_id);
    WHEN 'outings' THEN
      topics := ARRAY['outings'];
      audience := live_boat_audience(r.boat_id) || r.account_id;
    WHEN 'authorisations' THEN
      topics := ARRAY['authorisations', 'boats'];
      audience := ARRAY[r.account_id, r.person_account_id];
      IF TG_OP = 'UPDATE' THEN
        audience := audience || OLD.person_account_id;
      END IF;
    WHEN 'authorisation_boats' THEN
      topics := ARRAY['authorisations', 'boats'];
      SELECT ARRAY[a.account_id, a.person_account_id] INTO audience
        FROM authorisations a WHERE a.id = r.authorisation_id;
    WHEN 'cards' THEN
      topics := ARRAY['card'];
      audience := ARRAY[r.account_id];
    WHEN 'notifications' THEN
      topics := ARRAY['notifications'];
      audience := ARRAY[r.account_id];
    WHEN 'accounts' THEN
      topics := ARRAY['account'];
      -- Suspended or deleted: the account's streams check their sessions (they end with it).
      IF OLD.status IS DISTINCT FROM NEW.status THEN
        topics := topics || 'session'::text;
      END IF;
      audience := ARRAY[r.id];
    WHEN 'sessions' THEN
      -- Not for screens: the streams of a session that ended are closed (`session` is never sent on).
      topics := ARRAY['session'];
      audience := ARRAY[r.account_id];
  END CASE;
  PERFORM live_announce(r.client_id, audience, topics);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A row rewritten unchanged (a bulk UPDATE touching rows it leaves as they were) tells nobody: every UPDATE
-- trigger fires only when the row changed.
CREATE TRIGGER "launches_live" AFTER INSERT OR DELETE ON "launches"
  FOR EACH ROW EXECUTE FUNCTION live_row_changed();
--> statement-breakpoint
CREATE TRIGGER "launches_live_update" AFTER UPDATE ON "launches"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION live_row_changed();
--> statement-breakpoint
CREATE TRIGGER "boats_live" AFTER INSERT OR DELETE ON "boats"
  FOR EACH ROW EXECUTE FUNCTION live_row_changed();
--> statement-breakpoint
CREATE TRIGGER "boats_live_update" AFTER UPDATE ON "boats"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION live_row_changed();
--> statement-breakpoint
CREATE TRIGGER "contracts_live" AFTER INSERT OR DELETE ON "contracts"
  FOR EACH ROW EXECUTE FUNCTION live_row_changed();
--> statement-breakpoint
-- Only what the customer sees of a contract: not `decided_by` (the staff member), which erasing a staff account
-- clears on every contract they decided.
CREATE TRIGGER "contracts_live_update" AFTER UPDATE ON "contracts"
  FOR EACH ROW WHEN ((OLD.client_id, OLD.boat_id, OLD.plan, OLD.status, OLD.starts_on, OLD.ends_on, OLD.requested_at, OLD.decided_at, OLD.rejection_reason)
    IS DISTINCT FROM (NEW.client_id, NEW.boat_id, NEW.plan, NEW.status, NEW.starts_on, NEW.ends_on, NEW.requested_at, NEW.decided_at, NEW.rejection_reason))
  EXECUTE FUNCTION live_row_changed();
--> statement-breakpoint
CREATE TRIGGER "outings_live" AFTER INSERT OR DELETE ON "outings"
  FOR EACH ROW EXECUTE FUNCTION live_row_changed();
--> statement-breakpoint
CREATE TRIGGER "outings_live_update" AFTER UPDATE ON "outings"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION live_row_changed();
--> statement-breakpoint
CREATE TRIGGER "authorisations_live" AFTER INSERT OR DELETE ON "authorisations"
  FOR EACH ROW EXECUTE FUNCTION live_row_changed();
--> statement-breakpoint
CREATE TRIGGER "authorisations_live_update" AFTER UPDATE ON "authorisations"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION live_row_changed();
--> statement-breakpoint
CREATE TRIGGER "authorisation_boats_live" AFTER INSERT OR DELETE ON "authorisation_boats"
  FOR EACH ROW EXECUTE FUNCTION live_row_changed();
--> statement-breakpoint
CREATE TRIGGER "authorisation_boats_live_update" AFTER UPDATE ON "authorisation_boats"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION live_row_changed();
--> statement-breakpoint
CREATE TRIGGER "cards_live" AFTER INSERT OR DELETE ON "cards"
  FOR EACH ROW EXECUTE FUNCTION live_row_changed();
--> statement-breakpoint
CREATE TRIGGER "cards_live_update" AFTER UPDATE ON "cards"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION live_row_changed();
--> statement-breakpoint
CREATE TRIGGER "notifications_live" AFTER INSERT OR DELETE ON "notifications"
  FOR EACH ROW EXECUTE FUNCTION live_row_changed();
--> statement-breakpoint
CREATE TRIGGER "notifications_live_update" AFTER UPDATE ON "notifications"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION live_row_changed();
--> statement-breakpoint
-- An account's own data (profile, contact, data to confirm); a row rewritten unchanged says nothing.
CREATE TRIGGER "accounts_live" AFTER UPDATE ON "accounts"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION live_row_changed();
--> statement-breakpoint
CREATE TRIGGER "sessions_live" AFTER DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION live_row_changed();
