-- The per-client budget for pages made per request (server/pages/render-admission.ts),
-- a token bucket shared by every replica: the tokens left at `at`.
CREATE TABLE render_budgets (
  client  text PRIMARY KEY,
  tokens  double precision NOT NULL,
  at      timestamptz NOT NULL
);
CREATE INDEX render_budgets_at ON render_budgets (at);
