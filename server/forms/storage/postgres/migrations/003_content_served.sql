-- The last commit of the content branch that passed the check and went live (server/content-sync/):
-- a replica started while the branch's head is broken serves this one instead of refusing to start.
CREATE TABLE content_served (
  branch text PRIMARY KEY,
  commit_id text NOT NULL,
  served_at timestamptz NOT NULL
);
