/** POST /api/subscribe (server/forms/newsletter/), every answer it gives, and its other methods' 405. */
import { anchors, paths } from '../../../shared/paths';
import { emailMessages } from '../../../shared/rules/email';
import { NEWSLETTER_OUTCOME_PARAM, newsletterMessages, notices, RETURN_TO_FIELD } from '../../../shared/rules/newsletter';
import type { NewsletterOutcomeCode } from '../../../shared/rules/newsletter';
import type { ApiFacts } from './api-facts';
import { guardAnswers, otherMethods, rateLimitText, requestBody } from './form-answers';
import { headerRef, json, noStore, ref, refusal } from './openapi-objects';
import { escapeRegExp } from './rule-patterns';

const outcomeCodes = Object.keys(notices) as NewsletterOutcomeCode[];

export function subscribePath(facts: ApiFacts) {
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
