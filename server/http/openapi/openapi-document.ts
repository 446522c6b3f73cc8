/**
 * GET /api/openapi.json: the site's HTTP API as an OpenAPI 3.1 document, for
 * integrators and their tools (a typed client, a mock, a contract test):
 *
 * - POST /api/subscribe and POST /api/contact, with both body types and every
 *   status they answer (the guards of server/forms/intake/form-endpoint.ts,
 *   then each form's own answers), their bodies, and the headers that matter:
 *   Retry-After, Location, Allow, Accept-Post, Cache-Control. Other methods
 *   on those paths are documented too, as the 405 they are.
 * - GET /healthz and /readyz, and GET /metrics, which is served by the
 *   metrics listener (METRICS_PORT): a `servers` entry of its own says so.
 * - Itself.
 *
 * The request schemas are made of the rules the handlers run (shared/rules/:
 * the field names, the limits, the email shape, the one-line and control
 * character rules, the honeypot), of the contact topics of the content of the
 * moment, and of the body and rate limits server/app.ts hands over from
 * server/forms/; no limit is written here a second time. Lengths are those
 * of the value once trimmed, as the rules count them (JSON Schema counts code
 * points, the rules UTF-16 units: they differ only for characters beyond the
 * BMP, such as emoji). test/http/openapi.test.ts holds every answer, and the
 * rules themselves, to this document.
 *
 * Its parts, in this folder: one file per operation (./subscribe-operation.ts,
 * ./contact-operation.ts, ./operational-paths.ts), the component schemas
 * (./schemas.ts) with the rules' expressions as patterns (./rule-patterns.ts),
 * what every form endpoint answers (./form-answers.ts), and the references,
 * media types and headers all of them use (./openapi-objects.ts). This file
 * puts them together, with its own path, and serves the result.
 *
 * Built once per content version (the topics are content), then answered like
 * the sitemap and the feeds (server/pages/sitemap.ts): Express's ETag and 304,
 * an hour's Cache-Control, and no compression per request.
 */
import type { RequestHandler } from 'express';
import { paths } from '../../../shared/paths';
import type { ApiFacts, ContactTopic, FormFacts } from './api-facts';
import { analyticsPath, analyticsSchemas, noIndexHeader } from './analytics-operation';
import { contactPath } from './contact-operation';
import { FORM_TYPE, headerRef, headers, json, JSON_TYPE, noStore, ref } from './openapi-objects';
import type { Json } from './openapi-objects';
import { operationalPaths } from './operational-paths';
import { schemas } from './schemas';
import { subscribePath } from './subscribe-operation';

export const OPENAPI_PATH = '/api/openapi.json';
/** As the sitemap's and the feeds': it changes with a deploy or a content version. */
export const OPENAPI_CACHE_CONTROL = 'public, max-age=3600';
/** The document's own version: raised when an answer changes shape. */
export const API_VERSION = '1.0.0';
const OPENAPI_VERSION = '3.1.0';

function documentPath() {
  return {
    [OPENAPI_PATH]: {
      get: {
        operationId: 'openApiDocument',
        tags: ['document'],
        summary: 'This document',
        parameters: [
          {
            name: 'If-None-Match',
            in: 'header',
            required: false,
            description: 'An ETag this document was sent with.',
            schema: { type: 'string' },
          },
        ],
        responses: {
          '200': {
            description: 'The OpenAPI 3.1 document.',
            headers: {
              ETag: headerRef('ETag'),
              'Cache-Control': { required: true, schema: { type: 'string', const: OPENAPI_CACHE_CONTROL } },
            },
            content: json({
              type: 'object',
              required: ['openapi', 'info', 'paths'],
              properties: { openapi: { type: 'string', const: OPENAPI_VERSION }, info: { type: 'object' }, paths: { type: 'object' } },
            }),
          },
          '304': { description: 'Not changed since the ETag given.', headers: { ETag: headerRef('ETag') } },
        },
      },
    },
  };
}

/** The document, for these facts. */
export function buildOpenApiDocument(facts: ApiFacts): Json {
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: 'Website API: newsletter sign-ups, contact messages and operations',
      version: API_VERSION,
      description:
        "The HTTP API of the site: the two forms visitors and integrations post to, and the endpoints an operator's tooling " +
        'calls. Every answer of the forms is `Cache-Control: no-store`. Bodies may be sent as JSON or as a form ' +
        `(${FORM_TYPE}); only posts from this site's pages, or from clients that send neither Origin nor Sec-Fetch-Site, ` +
        'are accepted.',
    },
    servers: [{ url: facts.siteUrl, description: 'This site (SITE_URL).' }],
    tags: [
      { name: 'forms', description: 'What visitors send.' },
      { name: 'operations', description: 'Health, readiness and metrics.' },
      { name: 'document', description: 'This description.' },
      ...(facts.analytics ? [{ name: 'analytics', description: 'The analytics report, for the people the firm lists.' }] : []),
    ],
    paths: {
      [paths.subscribeApi]: subscribePath(facts),
      [paths.contactApi]: contactPath(facts),
      ...operationalPaths(facts),
      ...documentPath(),
      ...(facts.analytics ? analyticsPath() : {}),
    },
    components: {
      schemas: { ...schemas(facts), ...(facts.analytics ? analyticsSchemas(facts.analytics) : {}) },
      headers: { ...headers, ...(facts.analytics ? noIndexHeader : {}) },
      responses: {
        MethodNotAllowed: {
          description: 'Only POST is taken here.',
          headers: { ...noStore, Allow: headerRef('AllowPost') },
          content: json(ref('Refusal')),
        },
      },
    },
  };
}

/** What server/app.ts gives: the topics are read per request, for the content of the moment. */
export type OpenApiOptions = Omit<ApiFacts, 'contact'> & { contact: FormFacts & { topics: () => readonly ContactTopic[] } };

/** GET/HEAD /api/openapi.json, from text built once per content version (a new topic list), as the sitemap is. */
export function openApiDocument(options: OpenApiOptions): RequestHandler {
  let built: { key: string; text: string } | undefined;
  return (_req, res) => {
    const topics = options.contact.topics();
    const key = JSON.stringify(topics.map(({ id, label }) => [id, label]));
    if (built?.key !== key) {
      const document = buildOpenApiDocument({ ...options, contact: { ...options.contact, topics } });
      built = { key, text: `${JSON.stringify(document, null, 2)}\n` };
    }
    res.setHeader('Cache-Control', OPENAPI_CACHE_CONTROL);
    res.type(JSON_TYPE).send(built.text);
  };
}
