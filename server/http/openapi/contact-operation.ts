/** POST /api/contact (server/forms/contact/), every answer it gives, and its other methods' 405. */
import { anchors, paths } from '../../../shared/paths';
import { CONTACT_OUTCOME_PARAM, CONTACT_RECEIVED, contactMessages } from '../../../shared/rules/contact-message';
import type { ApiFacts } from './api-facts';
import { guardAnswers, otherMethods, rateLimitText, requestBody } from './form-answers';
import { exampleValues, headerRef, HTML_TYPE, json, JSON_TYPE, noStore, ref } from './openapi-objects';
import type { Json } from './openapi-objects';

export function contactPath(facts: ApiFacts) {
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
