/** The document's component schemas: the forms' requests, made of the rules (./rule-patterns.ts), and every answer's body. */
import { checkContactMessage, CONTACT_FIELDS, contactLimits, PHONE } from '../../../shared/rules/contact-message';
import type { ContactField } from '../../../shared/rules/contact-message';
import { DOMAIN_LABEL_MAX_LENGTH, EMAIL_MAX_LENGTH, LOCAL_PART_MAX_LENGTH } from '../../../shared/rules/email';
import { HONEYPOT_FIELD } from '../../../shared/rules/honeypot';
import { RETURN_TO_FIELD } from '../../../shared/rules/newsletter';
import type { ApiFacts, ContactTopic } from './api-facts';
import { ref } from './openapi-objects';
import type { Json } from './openapi-objects';
import { EMAIL_PATTERN, NO_CONTROL, NOT_BLANK, ONE_LINE, whole } from './rule-patterns';

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

export function schemas(facts: ApiFacts): Json {
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
