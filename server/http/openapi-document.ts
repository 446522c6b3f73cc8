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
 * Built once per content version (the topics are content), then answered like
 * the sitemap and the feeds (server/pages/sitemap.ts): Express's ETag and 304,
 * an hour's Cache-Control, and no compression per request.
 */
import type { RequestHandler } from 'express';
import { anchors, paths } from '../../shared/paths';
import {
  checkContactMessage,
  CONTACT_FIELDS,
  CONTACT_OUTCOME_PARAM,
  CONTACT_RECEIVED,
  contactLimits,
  contactMessages,
  CONTROL,
  LINE_BREAK,
  PHONE,
} from '../../shared/rules/contact-message';
import type { ContactField } from '../../shared/rules/contact-message';
import {
  DOMAIN_LABEL,
  DOMAIN_LABEL_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  emailMessages,
  LOCAL_PART,
  LOCAL_PART_MAX_LENGTH,
  TOP_LEVEL_DOMAIN,
} from '../../shared/rules/email';
import { HONEYPOT_FIELD } from '../../shared/rules/honeypot';
import { NEWSLETTER_OUTCOME_PARAM, newsletterMessages, notices, RETURN_TO_FIELD } from '../../shared/rules/newsletter';
import type { NewsletterOutcomeCode } from '../../shared/rules/newsletter';
import { METRICS_PATH } from './metrics';

export const OPENAPI_PATH = '/api/openapi.json';
/** As the sitemap's and the feeds': it changes with a deploy or a content version. */
export const OPENAPI_CACHE_CONTROL = 'public, max-age=3600';
/** The document's own version: raised when an answer changes shape. */
export const API_VERSION = '1.0.0';
const OPENAPI_VERSION = '3.1.0';

const JSON_TYPE = 'application/json';
const FORM_TYPE = 'application/x-www-form-urlencoded';
const HTML_TYPE = 'text/html';

type Json = Record<string, unknown>;

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
}

// ---------------------------------------------------------------------------------------------
// Patterns, made of the rules' own regular expressions.
// ---------------------------------------------------------------------------------------------

/**
 * A rule's regular expression as pattern text: JSON Schema patterns are
 * ECMA-262 with the `u` flag and no other, so a case-insensitive rule has each
 * letter written as [xX]; any other flag is refused rather than dropped.
 */
function patternOf(rule: RegExp): string {
  const flags = rule.flags.replace(/[iu]/g, '');
  if (flags) throw new Error(`/${rule.source}/${rule.flags}: the flags ${flags} have no JSON Schema equivalent`);
  if (!rule.flags.includes('i')) return rule.source;
  let pattern = '';
  let inClass = false;
  for (let at = 0; at < rule.source.length; at += 1) {
    const char = rule.source[at]!;
    if (char === '\\') {
      const escape = /^\\(?:u\{[0-9A-Fa-f]+\}|u[0-9A-Fa-f]{4}|x[0-9A-Fa-f]{2}|[pP]\{[^}]*\}|c[A-Za-z]|.)/s.exec(rule.source.slice(at))![0];
      pattern += escape;
      at += escape.length - 1;
    } else if (inClass) {
      if (/[A-Za-z]/.test(char)) throw new Error(`/${rule.source}/i: letters in a character class are not made caseless here`);
      if (char === ']') inClass = false;
      pattern += char;
    } else if (char === '(' && rule.source.startsWith('(?<', at) && !/^\(\?<[=!]/.test(rule.source.slice(at))) {
      throw new Error(`/${rule.source}/i: named groups are not made caseless here`);
    } else {
      if (char === '[') inClass = true;
      pattern += /[A-Za-z]/.test(char) ? `[${char.toLowerCase()}${char.toUpperCase()}]` : char;
    }
  }
  return pattern;
}

/** An anchored rule (^…$) as a group inside a larger pattern. */
function whole(rule: RegExp): string {
  const source = patternOf(rule);
  if (!source.startsWith('^') || !source.endsWith('$')) throw new Error(`/${rule.source}/ is not anchored at both ends`);
  return `(?:${source.slice(1, -1)})`;
}

/** Text as a pattern that matches it (escapes valid with the `u` flag). */
const escapeRegExp = (text: string) => text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');

/** shared/rules/email.ts's shape: a local part, then two or more labels, the last a top-level domain. */
const EMAIL_PATTERN =
  `^(?=[^@]{1,${LOCAL_PART_MAX_LENGTH}}@)${whole(LOCAL_PART)}@` +
  `(?:(?=[^.@]{1,${DOMAIN_LABEL_MAX_LENGTH}}\\.)${whole(DOMAIN_LABEL)}\\.)+` +
  `(?=[^.@]{1,${DOMAIN_LABEL_MAX_LENGTH}}$)(?=${whole(DOMAIN_LABEL)}$)${whole(TOP_LEVEL_DOMAIN)}$`;
/** Something besides spaces. */
const NOT_BLANK = '(?=[\\s\\S]*\\S)';
/** No line break (a one-line field could become a mail header) and no control character. */
const ONE_LINE = `(?![\\s\\S]*(?:${patternOf(LINE_BREAK)}|${patternOf(CONTROL)}))`;
/** No control character but tab, CR and LF. */
const NO_CONTROL = `(?![\\s\\S]*${patternOf(CONTROL)})`;

// ---------------------------------------------------------------------------------------------
// Schemas.
// ---------------------------------------------------------------------------------------------

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });
const responseRef = (name: string) => ({ $ref: `#/components/responses/${name}` });

function describeWindow(windowMs: number): string {
  if (windowMs === 60_000) return 'minute';
  if (windowMs === 3_600_000) return 'hour';
  return `${windowMs / 1000} seconds`;
}

function rateLimitText({ limit, windowMs }: FormFacts['rateLimit'], noun: string, variable: string): string {
  if (limit === 0) return `This instance sets no per-client limit (\`${variable}=0\`).`;
  return `At most ${limit} ${noun} per client per ${describeWindow(windowMs)} on this instance (\`${variable}\`).`;
}

const objectOf = (properties: Json, required: readonly string[], description?: string): Json => ({
  type: 'object',
  ...(description ? { description } : {}),
  required: [...required],
  properties,
});

/** The contact fields' schemas, one per field of shared/rules/contact-form.ts (the Record makes it every one). */
function contactFieldSchemas(topics: readonly ContactTopic[]): Record<ContactField, Json> {
  return {
    name: { type: 'string', minLength: 1, maxLength: contactLimits.name, pattern: `^${NOT_BLANK}${ONE_LINE}`, description: 'One line.' },
    email: ref('EmailAddress'),
    company: { type: 'string', maxLength: contactLimits.company, pattern: `^${ONE_LINE}`, description: 'The firm or practice. One line.' },
    phone: {
      type: 'string',
      maxLength: contactLimits.phone,
      pattern: `^${ONE_LINE}(?:${whole(PHONE)})?$`,
      description:
        'Empty, or a phone number of digits, spaces and + ( ) - . with an extension as "x 12" or "ext. 12" if need be. One line.',
    },
    topic: {
      type: 'string',
      enum: ['', ...topics.map((topic) => topic.id)],
      description: `Empty, or one of the topics the contact page offers: ${topics.map((topic) => `\`${topic.id}\` (${topic.label})`).join(', ')}.`,
    },
    message: {
      type: 'string',
      minLength: contactLimits.messageMin,
      maxLength: contactLimits.message,
      pattern: `^${NOT_BLANK}${NO_CONTROL}`,
      description: 'Line breaks are kept (CR LF counts as one character); no other control character.',
    },
  };
}

/** The fields the rule refuses when they are left out: the required ones. */
function requiredContactFields(): ContactField[] {
  const check = checkContactMessage({}, []);
  return check.ok ? [] : CONTACT_FIELDS.filter((field) => check.errors[field] !== undefined);
}

function schemas(facts: ApiFacts): Json {
  const contactFields = contactFieldSchemas(facts.contact.topics);
  const refusalFields = Object.fromEntries(
    CONTACT_FIELDS.map((field) => [field, { type: 'string', description: `What is wrong with ${field}.` }]),
  );
  return {
    EmailAddress: {
      type: 'string',
      maxLength: EMAIL_MAX_LENGTH,
      pattern: EMAIL_PATTERN,
      description:
        `An address of a sane shape (shared/rules/email.ts): one @, a local part of at most ${LOCAL_PART_MAX_LENGTH} characters ` +
        `without spaces or quotes, and two or more domain labels of at most ${DOMAIN_LABEL_MAX_LENGTH} characters, the last a ` +
        `top-level domain; internationalised domains in their xn-- form. Surrounding spaces are trimmed before it is checked.`,
      examples: ['name@example.com'],
    },
    Honeypot: {
      type: 'string',
      pattern: '^\\s*$',
      description:
        'A field people never see and bots fill in: leave it out, or empty. Filled in, the post is answered as a success, ' +
        'and nothing is kept or sent.',
    },
    SubscribeRequest: objectOf(
      { email: ref('EmailAddress'), [HONEYPOT_FIELD]: ref('Honeypot') },
      ['email'],
      'A sign-up. Other fields are ignored.',
    ),
    SubscribeForm: objectOf(
      {
        email: ref('EmailAddress'),
        [RETURN_TO_FIELD]: {
          type: 'string',
          description:
            'The page the form is on, to be sent back to: a path on this site. Anything else sends the visitor back to the ' +
            'Referer when it is this site, else to /.',
          examples: ['/podcast'],
        },
        [HONEYPOT_FIELD]: ref('Honeypot'),
      },
      ['email'],
      'The sign-up form without JavaScript. Other fields are ignored.',
    ),
    ContactRequest: objectOf(
      { ...contactFields, [HONEYPOT_FIELD]: ref('Honeypot') },
      requiredContactFields(),
      'A message (shared/rules/contact-message.ts). Values are trimmed before they are checked; other fields are ignored.',
    ),
    SubscribeAnswer: {
      type: 'object',
      required: ['ok', 'message'],
      additionalProperties: false,
      properties: {
        ok: { type: 'boolean', const: true },
        message: { type: 'string', description: 'What to tell the visitor.' },
        alreadySubscribed: { type: 'boolean', const: true, description: 'Present when the address was already on the list.' },
      },
    },
    ContactAnswer: {
      type: 'object',
      required: ['ok', 'message'],
      additionalProperties: false,
      properties: { ok: { type: 'boolean', const: true }, message: { type: 'string', description: 'What to tell the visitor.' } },
    },
    Refusal: {
      type: 'object',
      required: ['ok', 'error'],
      additionalProperties: false,
      properties: {
        ok: { type: 'boolean', const: false },
        error: { type: 'string', description: 'What went wrong and what to do, in words.' },
      },
    },
    ContactRefusal: {
      type: 'object',
      required: ['ok', 'error'],
      additionalProperties: false,
      properties: {
        ok: { type: 'boolean', const: false },
        error: { type: 'string', description: 'What went wrong and what to do, in words; for bad fields, each named.' },
        fields: {
          type: 'object',
          minProperties: 1,
          additionalProperties: false,
          properties: refusalFields,
          description: 'Each field that needs correcting, with what to change. Absent when the body itself could not be read.',
        },
      },
    },
    ContactPage: {
      type: 'string',
      description:
        'The contact page (HTML) with what was typed, each error under its field and a summary: for the form without JavaScript.',
    },
    Health: {
      type: 'object',
      required: ['status'],
      additionalProperties: false,
      properties: { status: { type: 'string', const: 'ok' } },
    },
    Ready: {
      type: 'object',
      required: ['status'],
      additionalProperties: false,
      properties: { status: { type: 'string', const: 'ready' } },
    },
    NotReady: {
      type: 'object',
      required: ['status', 'message'],
      additionalProperties: false,
      properties: {
        status: {
          type: 'string',
          enum: ['leaving', 'unavailable'],
          description: '`leaving`: shutting down (SIGTERM); `unavailable`: the database (DATABASE_URL) cannot be reached.',
        },
        message: { type: 'string' },
      },
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Answers.
// ---------------------------------------------------------------------------------------------

const headers = {
  NoStore: { description: 'Never cached.', required: true, schema: { type: 'string', const: 'no-store' } },
  RetryAfter: { description: 'Seconds to wait before trying again.', required: true, schema: { type: 'integer', minimum: 1 } },
  AllowPost: { description: 'The one method the path takes.', required: true, schema: { type: 'string', const: 'POST' } },
  AcceptPost: {
    description: 'The body types the endpoint takes.',
    required: true,
    schema: { type: 'string', const: `${JSON_TYPE}, ${FORM_TYPE}` },
  },
  ETag: { description: "The document's validator, for If-None-Match.", required: true, schema: { type: 'string' } },
};

const json = (schema: Json, examples?: Record<string, Json>) => ({
  [JSON_TYPE]: { schema, ...(examples ? { examples: exampleValues(examples) } : {}) },
});
const exampleValues = (examples: Record<string, Json>) =>
  Object.fromEntries(Object.entries(examples).map(([name, value]) => [name, { value }]));
const refusal = (error: string) => ({ ok: false, error });
const noStore = { 'Cache-Control': headerRef('NoStore') };

/** The answers of the guards every form endpoint has (server/forms/intake/form-endpoint.ts). */
function guardAnswers(noun: string, facts: FormFacts, refusalSchema: Json) {
  return {
    '403': {
      description:
        `A post from another site: \`Sec-Fetch-Site\` other than same-origin or none, or an \`Origin\` that is not this site. ` +
        `Clients that send neither (curl, servers) pass.`,
      headers: noStore,
      content: json(refusalSchema),
    },
    '413': {
      description: `A body over ${facts.bodyLimit} (1 kb is 1,024 bytes), as JSON or as a form.`,
      headers: noStore,
      content: json(refusalSchema),
    },
    '415': {
      description: `A body that is neither ${JSON_TYPE} nor ${FORM_TYPE} (or none), or in a charset the endpoint cannot read. ${noun} is not read.`,
      headers: { ...noStore, 'Accept-Post': headerRef('AcceptPost') },
      content: json(refusalSchema),
    },
  };
}

const requestBody = (description: string, jsonSchema: string, formSchema: string, jsonExample: Json) => ({
  required: true,
  description,
  content: {
    [JSON_TYPE]: { schema: ref(jsonSchema), examples: exampleValues({ example: jsonExample }) },
    [FORM_TYPE]: { schema: ref(formSchema) },
  },
});

/** GET, PUT, PATCH and DELETE on a form's path: a 405 saying to POST. */
function otherMethods(path: string, operation: string, noun: string) {
  return Object.fromEntries(
    (['get', 'put', 'patch', 'delete'] as const).map((method) => [
      method,
      {
        operationId: `${operation}With${method[0]!.toUpperCase()}${method.slice(1)}`,
        tags: ['forms'],
        summary: `Not allowed: ${noun} are sent with POST`,
        description: `Every method but POST on ${path} is answered 405.`,
        responses: { '405': responseRef('MethodNotAllowed') },
      },
    ]),
  );
}

const outcomeCodes = Object.keys(notices) as NewsletterOutcomeCode[];

function subscribePath(facts: ApiFacts) {
  const { subscribe } = facts;
  const location = `^/[^#]*[?&]${escapeRegExp(NEWSLETTER_OUTCOME_PARAM)}=(?:${outcomeCodes.map(escapeRegExp).join('|')})#${escapeRegExp(anchors.newsletter)}$`;
  return {
    post: {
      operationId: 'subscribe',
      tags: ['forms'],
      summary: 'Sign up for the newsletter',
      description:
        'Checks the address, records it in the sign-up ledger (on disk or in the database before anything positive is said), ' +
        'hands it to the email provider and says what really happened. JSON is answered with JSON; a form post without ' +
        `JavaScript is answered 303 back to its page, whatever the outcome. ${rateLimitText(subscribe.rateLimit, 'sign-ups', 'NEWSLETTER_RATE_LIMIT')}`,
      requestBody: requestBody(`JSON, or the form (urlencoded). At most ${subscribe.bodyLimit}.`, 'SubscribeRequest', 'SubscribeForm', {
        email: 'name@example.com',
      }),
      responses: {
        '200': {
          description: 'Subscribed: recorded (no provider), or confirmed by the provider; or already on the list.',
          headers: noStore,
          content: json(ref('SubscribeAnswer'), {
            subscribed: { ok: true, message: newsletterMessages.success },
            alreadySubscribed: { ok: true, alreadySubscribed: true, message: newsletterMessages.alreadySubscribed },
          }),
        },
        '202': {
          description:
            'Received and kept, but the provider has not confirmed it yet (down, slow, busy, or an answer that proves nothing): ' +
            'it is retried in the background for 24 hours. Nothing to do.',
          headers: noStore,
          content: json(ref('SubscribeAnswer'), { pending: { ok: true, message: newsletterMessages.pending } }),
        },
        '303': {
          description:
            `A form post's answer, whatever the outcome: back to the page it came from (the \`${RETURN_TO_FIELD}\` field, else a ` +
            `same-site Referer, else /), with \`?${NEWSLETTER_OUTCOME_PARAM}=<outcome>#${anchors.newsletter}\`; the page shows the ` +
            `outcome. Outcomes: ${outcomeCodes.map((code) => `\`${code}\` (${notices[code].message})`).join('; ')}.`,
          headers: {
            ...noStore,
            Location: {
              description: 'A path on this site, never anywhere else.',
              required: true,
              schema: { type: 'string', pattern: location },
            },
          },
        },
        '400': {
          description: 'The address is missing, malformed or too long; or the JSON could not be read.',
          headers: noStore,
          content: json(ref('Refusal'), {
            missing: refusal(emailMessages.missing),
            invalid: refusal(emailMessages.invalid),
            tooLong: refusal(emailMessages.tooLong),
            unreadable: refusal(newsletterMessages.unreadable),
          }),
        },
        ...guardAnswers('The sign-up', subscribe, ref('Refusal')),
        '422': {
          description: 'The provider refused this address (its reason, made readable, when it gave one).',
          headers: noStore,
          content: json(ref('Refusal'), { rejected: refusal(newsletterMessages.rejected) }),
        },
        '429': {
          description: `Too many sign-ups from this client. ${rateLimitText(subscribe.rateLimit, 'sign-ups', 'NEWSLETTER_RATE_LIMIT')}`,
          headers: { ...noStore, 'Retry-After': headerRef('RetryAfter') },
          content: json(ref('Refusal'), { rateLimited: refusal(newsletterMessages.rateLimited) }),
        },
        '503': {
          description: 'The ledger (or the database) could not be written: nothing was kept. Try again.',
          headers: { ...noStore, 'Retry-After': headerRef('RetryAfter') },
          content: json(ref('Refusal'), { unavailable: refusal(newsletterMessages.unavailable) }),
        },
      },
    },
    ...otherMethods(paths.subscribeApi, 'subscribe', 'sign-ups'),
  };
}

function contactPath(facts: ApiFacts) {
  const { contact } = facts;
  const received = `${paths.contact}?${CONTACT_OUTCOME_PARAM}=${CONTACT_RECEIVED}#${anchors.contactForm}`;
  const jsonOrPage = (description: string, extra: Json = {}) => ({
    description,
    headers: { ...noStore, ...extra },
    content: { ...json(ref('Refusal')), [HTML_TYPE]: { schema: ref('ContactPage') } },
  });
  return {
    post: {
      operationId: 'contact',
      tags: ['forms'],
      summary: 'Send a message to the firm',
      description:
        'Checks the fields with the rule the form runs, writes the message to the message ledger (on disk or in the database) ' +
        'before saying anything, and sends it by email afterwards: the answer never waits for SMTP. JSON is answered with JSON; ' +
        `a form post without JavaScript (which the contact page makes to ${paths.contact} itself, with the same answers) gets a ` +
        `303 on success, and the page itself, with what was typed and what is wrong, when refused. ` +
        `${rateLimitText(contact.rateLimit, 'accepted messages', 'CONTACT_RATE_LIMIT')} Refused posts do not count.`,
      requestBody: requestBody(`JSON, or the form (urlencoded). At most ${contact.bodyLimit}.`, 'ContactRequest', 'ContactRequest', {
        name: 'Dana Whitfield',
        email: 'dana@example.com',
        company: 'Whitfield & Co. CPAs',
        phone: '+1 (555) 010-2030',
        topic: contact.topics[0]?.id ?? '',
        message: 'We are a 12-person CPA firm and would like to talk about advisory services.',
      }),
      responses: {
        '200': {
          description: 'Received: the message is on disk (or in the database), and will be sent to the firm.',
          headers: noStore,
          content: json(ref('ContactAnswer')),
        },
        '303': {
          description: `A form post that was received: to the contact page's thank-you panel.`,
          headers: {
            ...noStore,
            Location: {
              description: 'The contact page, saying the message was received.',
              required: true,
              schema: { type: 'string', const: received },
            },
          },
        },
        '400': {
          description:
            'Fields that need correcting, each named (JSON), or the page with each error under its field (form); or JSON that could not be read.',
          headers: noStore,
          content: {
            [JSON_TYPE]: {
              schema: ref('ContactRefusal'),
              examples: exampleValues({
                fields: {
                  ok: false,
                  error: `Some fields need correcting: name: ${contactMessages.nameMissing}`,
                  fields: { name: contactMessages.nameMissing },
                },
              }),
            },
            [HTML_TYPE]: { schema: ref('ContactPage') },
          },
        },
        ...guardAnswers('The message', contact, ref('Refusal')),
        '429': jsonOrPage(
          `Too many messages from this client. ${rateLimitText(contact.rateLimit, 'accepted messages', 'CONTACT_RATE_LIMIT')}`,
          {
            'Retry-After': headerRef('RetryAfter'),
          },
        ),
        '503': jsonOrPage('The message could not be written, so it has not reached the firm. Try again, or write by email.', {
          'Retry-After': headerRef('RetryAfter'),
        }),
      },
    },
    ...otherMethods(paths.contactApi, 'contact', 'messages'),
  };
}

function operationalPaths(facts: ApiFacts) {
  const jsonAnswer = (description: string, schema: string) => ({ description, headers: noStore, content: json(ref(schema)) });
  return {
    [paths.health]: {
      get: {
        operationId: 'health',
        tags: ['operations'],
        summary: 'Liveness',
        description: 'The process is alive and answering, whatever it depends on. Also 200 while the instance is shutting down.',
        responses: { '200': jsonAnswer('Alive.', 'Health') },
      },
    },
    [paths.ready]: {
      get: {
        operationId: 'ready',
        tags: ['operations'],
        summary: 'Readiness',
        description: 'Whether the instance wants traffic: probe this one from a load balancer or an orchestrator.',
        responses: {
          '200': jsonAnswer('Ready.', 'Ready'),
          '503': jsonAnswer('Not ready: shutting down (for DRAIN_SECONDS after SIGTERM), or the database cannot be reached.', 'NotReady'),
        },
      },
    },
    [METRICS_PATH]: {
      summary: 'The metrics listener',
      description:
        'Served by a second listener on its own port, METRICS_PORT, and only when that is set: never on the public port, which ' +
        'answers 404 here. Keep the port on a private network.',
      servers: [
        {
          url: 'http://{host}:{port}',
          description: `The metrics listener (METRICS_PORT${facts.metricsPort === undefined ? ': not set on this instance' : ''}).`,
          variables: {
            host: { default: 'localhost', description: "The instance's own address." },
            port: { default: String(facts.metricsPort ?? 9464), description: 'METRICS_PORT (9464 in compose.yaml).' },
          },
        },
      ],
      get: {
        operationId: 'metrics',
        tags: ['operations'],
        summary: 'Prometheus metrics',
        responses: {
          '200': {
            description: 'The Prometheus text exposition format (`text/plain; version=0.0.4`).',
            headers: noStore,
            content: { 'text/plain': { schema: { type: 'string' } } },
          },
        },
      },
    },
  };
}

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
    ],
    paths: {
      [paths.subscribeApi]: subscribePath(facts),
      [paths.contactApi]: contactPath(facts),
      ...operationalPaths(facts),
      ...documentPath(),
    },
    components: {
      schemas: schemas(facts),
      headers,
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
