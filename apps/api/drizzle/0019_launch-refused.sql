-- A booking's last statements leave with its COMMIT, in one write (decision 069): a refusal found by one of
-- them (the slot full without the waiting list, a closure come over the slot) is raised as an error, which
-- aborts the transaction, so the COMMIT behind them rolls it back. Each refusal has its own SQLSTATE
-- (class MR, the marina's), read by launch-routes.ts.
CREATE FUNCTION launch_refused(reason text) RETURNS boolean
  LANGUAGE plpgsql VOLATILE
  AS $$
BEGIN
  RAISE EXCEPTION 'launch refused: %', reason
    USING ERRCODE = CASE reason WHEN 'slot_full' THEN 'MR001' WHEN 'slot_closed' THEN 'MR002' ELSE 'MR000' END;
END
$$;
