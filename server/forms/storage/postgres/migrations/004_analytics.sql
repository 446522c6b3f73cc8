-- Visits counted on the server (server/analytics/postgres-store.ts, decisions 038 and 039), shared by every replica.
-- A day's salt: made once by whichever replica needs it first, deleted 48 h after its day began.
CREATE TABLE analytics_salts (
  day text PRIMARY KEY CHECK (day ~ '^\d{4}-\d{2}-\d{2}$'),
  salt bytea NOT NULL CHECK (octet_length(salt) = 16)
);
-- Each replica's batches, by the id each was drained with: a write tried again after a timeout is the same row.
-- Once its day is rolled up a batch's counts (the day's only visitor keys) are cleared, its id kept a while
-- so a late retry is still known.
CREATE TABLE analytics_batches (
  id uuid PRIMARY KEY,
  day text NOT NULL CHECK (day ~ '^\d{4}-\d{2}-\d{2}$'),
  batch jsonb,
  written_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX analytics_batches_day ON analytics_batches (day) WHERE batch IS NOT NULL;
-- A finished day's figures (server/analytics/day-aggregate.ts): no visitor key in them. Kept ANALYTICS_RETENTION_MONTHS.
CREATE TABLE analytics_days (
  day text PRIMARY KEY CHECK (day ~ '^\d{4}-\d{2}-\d{2}$'),
  figures jsonb NOT NULL,
  rolled_up_at timestamptz NOT NULL DEFAULT now()
);
