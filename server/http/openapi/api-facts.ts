/**
 * What the API document (./openapi-document.ts) is built from besides the
 * rules: the site, and each form's limits as server/forms/ sets them.
 */

import type { AnalyticsFacts } from './analytics-operation';

/** What one form's endpoint takes, as server/forms/ sets it (server/app.ts hands it over). */
export interface FormFacts {
  /** The largest body, as body-parser reads it ('10kb': 1 kb is 1,024 bytes). */
  bodyLimit: string;
  /** The per-client limit in force; a limit of 0 is none. */
  rateLimit: { limit: number; windowMs: number };
}

export interface ContactTopic {
  id: string;
  label: string;
}

export interface ApiFacts {
  siteUrl: string;
  metricsPort?: number;
  subscribe: FormFacts;
  contact: FormFacts & { topics: readonly ContactTopic[] };
  /** When app.ts serves the analytics report (server/analytics-report/): the names it counts by. */
  analytics?: AnalyticsFacts;
}
