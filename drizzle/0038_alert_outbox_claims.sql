-- Issue 33 (decision 0053): an outbox row claimed by a sender is not taken by another for ten
-- minutes, so the e-mail is sent with no transaction open and still once.
ALTER TABLE "alert_outbox" ADD COLUMN "claimed_at" timestamp with time zone;