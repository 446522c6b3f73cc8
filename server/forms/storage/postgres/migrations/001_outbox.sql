-- The records visitors send, in PostgreSQL (DATABASE_URL): the same states
-- and fields as the ledger files (server/forms/storage/ledger-file.ts), one row per
-- record. Applied once, in a transaction, by server/forms/storage/postgres/migrate.ts.

-- Newsletter sign-ups: one row per address, keyed by the address in lower case.
CREATE TABLE sign_ups (
  email_key        text PRIMARY KEY,
  email            text NOT NULL,
  status           text NOT NULL CHECK (status IN ('subscribed', 'pending', 'failed', 'rejected')),
  received_at      timestamptz NOT NULL,
  updated_at       timestamptz,
  queued_at        timestamptz,
  attempts         integer,
  next_attempt_at  timestamptz,
  last_error       text,
  -- A replica sending it now, and until when its claim keeps the others off.
  claimed_by       text,
  lease_until      timestamptz,
  seq              bigint GENERATED ALWAYS AS IDENTITY
);
CREATE INDEX sign_ups_due ON sign_ups (next_attempt_at) WHERE status = 'pending';
CREATE INDEX sign_ups_status ON sign_ups (status);

-- Contact form messages: one row per message.
CREATE TABLE contact_messages (
  id               text PRIMARY KEY CHECK (id ~ '^m-[0-9a-f]{16}$'),
  status           text NOT NULL CHECK (status IN ('received', 'pending', 'sent', 'failed')),
  received_at      timestamptz NOT NULL,
  updated_at       timestamptz,
  queued_at        timestamptz,
  attempts         integer,
  next_attempt_at  timestamptz,
  last_error       text,
  claimed_by       text,
  lease_until      timestamptz,
  name             text NOT NULL,
  email            text NOT NULL,
  company          text NOT NULL,
  phone            text NOT NULL,
  topic            text NOT NULL,
  message          text NOT NULL,
  seq              bigint GENERATED ALWAYS AS IDENTITY
);
CREATE INDEX contact_messages_due ON contact_messages (next_attempt_at) WHERE status = 'pending';
CREATE INDEX contact_messages_status ON contact_messages (status);
CREATE INDEX contact_messages_email ON contact_messages (lower(email));

-- Privacy removals erase the row; only how many were erased is kept.
CREATE TABLE erased_records (
  queue  text PRIMARY KEY,
  count  bigint NOT NULL
);

-- The per-client rate limits of the form endpoints, shared by every replica.
CREATE TABLE rate_limit_hits (
  key       text PRIMARY KEY,
  hits      integer NOT NULL,
  reset_at  timestamptz NOT NULL
);
CREATE INDEX rate_limit_hits_reset ON rate_limit_hits (reset_at);
