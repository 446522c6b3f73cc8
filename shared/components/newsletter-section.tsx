/**
 * The newsletter sign-up section (spec §2 Home 9, §4, §5, §8).
 *
 * Without JavaScript it is a plain form: the browser validates the address
 * (type="email", required), posts to /api/subscribe, and the server answers
 * 303 back to this page with `?newsletter=<outcome>#contact`; the notice for
 * that outcome is rendered here, on the server, from the URL alone.
 *
 * With JavaScript the same form is intercepted: the shared email rule runs
 * first ('Please enter your email address' and nothing sent when empty), then
 * one JSON request; the field and button are disabled and the button reads
 * 'Subscribing...' until the answer; the server's message shows as a toast.
 * Success clears the field, an error keeps what was typed.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { newsletterCopy } from '../content/home';
import { anchors, paths } from '../paths';
import { checkEmail } from '../rules/email';
import {
  HONEYPOT_FIELD,
  NEWSLETTER_OUTCOME_PARAM,
  newsletterMessages,
  noticeForOutcome,
  RETURN_TO_FIELD,
} from '../rules/newsletter';
import { toastMessageId, ToastRegion } from './toast';
import type { ToastMessage } from './toast';

/** This page's path and query without a previous outcome: where the server sends a form post back to. */
function returnPathFor(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete(NEWSLETTER_OUTCOME_PARAM);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

const NOTE_ID = 'newsletter-note';
const NOTICE_ID = 'newsletter-notice';

type ServerAnswer = { ok?: unknown; message?: unknown; error?: unknown } | undefined;

async function readAnswer(response: Response): Promise<ServerAnswer> {
  try {
    const body: unknown = await response.json();
    return body && typeof body === 'object' ? (body as ServerAnswer) : undefined;
  } catch {
    return undefined;
  }
}

export function NewsletterSection() {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const returnTo = returnPathFor(location.pathname, location.search);
  const serverNotice = noticeForOutcome(searchParams.get(NEWSLETTER_OUTCOME_PARAM));

  const [submitting, setSubmitting] = useState(false);
  const [toasts, setToasts] = useState<ToastMessage[]>([]);
  // The notice from a form post without JavaScript gives way to the first toast.
  const [noticeVisible, setNoticeVisible] = useState(true);
  // Set when the address itself was refused (by the shared rule or the provider); cleared as soon as it is edited.
  const [addressInvalid, setAddressInvalid] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const inFlight = useRef(false);
  const nextToastId = useRef(1);
  const focusFieldWhenIdle = useRef(false);

  // Once this script runs it validates with the shared rule and shows the
  // spec's own message; the browser's bubble would pre-empt it. The server
  // HTML keeps browser validation for visitors without JavaScript.
  useEffect(() => {
    if (formRef.current) formRef.current.noValidate = true;
  }, []);

  // The field was disabled while submitting, so focus fell off it; give it back.
  useEffect(() => {
    if (!submitting && focusFieldWhenIdle.current) {
      focusFieldWhenIdle.current = false;
      inputRef.current?.focus();
    }
  }, [submitting]);

  const showToast = useCallback((tone: ToastMessage['tone'], message: string) => {
    const id = nextToastId.current++;
    // One toast at a time: the newest message is the one that matters.
    setToasts([{ id, tone, message }]);
    setNoticeVisible(false);
  }, []);

  const dismissToast = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    const data = new FormData(event.currentTarget);
    const check = checkEmail(data.get('email') ?? '');
    if (!check.ok) {
      setAddressInvalid(true);
      showToast('error', check.message);
      inputRef.current?.focus();
      return;
    }

    inFlight.current = true;
    setSubmitting(true);
    let tone: ToastMessage['tone'] = 'error';
    let message: string = newsletterMessages.unavailable;
    try {
      const response = await fetch(paths.subscribeApi, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify({
          email: check.email,
          [HONEYPOT_FIELD]: String(data.get(HONEYPOT_FIELD) ?? ''),
        }),
      });
      const answer = await readAnswer(response);
      if (response.ok && answer?.ok === true) {
        tone = 'success';
        message = typeof answer.message === 'string' && answer.message ? answer.message : newsletterMessages.success;
        if (inputRef.current) inputRef.current.value = '';
      } else if (typeof answer?.error === 'string' && answer.error) {
        message = answer.error;
        // 422: the provider refused this address; other failures are not the address's fault.
        setAddressInvalid(response.status === 422);
      }
    } catch (error) {
      // The request itself failed (offline, connection reset): spec §8.
      console.error('Newsletter sign-up request failed:', error);
    } finally {
      inFlight.current = false;
      focusFieldWhenIdle.current = true;
      setSubmitting(false);
    }
    showToast(tone, message);
  }

  // The field is described by the error it caused (toast, or the server's notice without JavaScript) and by the privacy note.
  const errorToast = toasts.find((toast) => toast.tone === 'error');
  const noticeShown = serverNotice !== undefined && noticeVisible;
  const errorId = errorToast
    ? toastMessageId(errorToast.id)
    : noticeShown && serverNotice.tone === 'error'
      ? NOTICE_ID
      : undefined;
  const describedBy = [errorId, NOTE_ID].filter(Boolean).join(' ');

  return (
    <section id={anchors.newsletter} className="newsletter-section" aria-labelledby="newsletter-heading">
      <div className="container newsletter-section__inner">
        <h2 id="newsletter-heading">{newsletterCopy.heading}</h2>
        <p>{newsletterCopy.text}</p>
        {noticeShown ? (
          <p
            className={`newsletter-notice newsletter-notice--${serverNotice.tone}`}
            role={serverNotice.tone === 'success' ? 'status' : 'alert'}
            id={NOTICE_ID}
          >
            {serverNotice.message}
          </p>
        ) : null}
        <form
          ref={formRef}
          className="newsletter-form"
          method="post"
          action={paths.subscribeApi}
          onSubmit={handleSubmit}
          aria-busy={submitting}
        >
          <input type="hidden" name={RETURN_TO_FIELD} value={returnTo} />
          <div className="newsletter-form__field">
            <label htmlFor="newsletter-email">Email Address</label>
            <input
              ref={inputRef}
              id="newsletter-email"
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder="name@example.com"
              aria-describedby={describedBy}
              aria-invalid={addressInvalid || undefined}
              onInput={() => setAddressInvalid(false)}
              required
              disabled={submitting}
            />
          </div>
          <div className="newsletter-form__trap" aria-hidden="true">
            <label htmlFor="newsletter-website">Leave this field empty</label>
            <input id="newsletter-website" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
          </div>
          <button type="submit" className="button button--primary newsletter-form__submit" disabled={submitting}>
            {submitting ? 'Subscribing...' : 'Subscribe Now'}
          </button>
        </form>
        <p id={NOTE_ID} className="newsletter-section__note">
          {newsletterCopy.privacyNote}
        </p>
      </div>
      <ToastRegion toasts={toasts} onDismiss={dismissToast} />
    </section>
  );
}
