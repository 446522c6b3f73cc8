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
import { anchors, paths } from '../paths';
import { HONEYPOT_FIELD } from '../rules/honeypot';
import { RETURN_TO_FIELD } from '../rules/newsletter-form';
import type { SignUpResult } from './newsletter-request';
import { toastMessageId, ToastRegion } from './toast';
import type { ToastMessage } from './toast';
import type { NewsletterFormState } from '../rules/newsletter';
import { useSiteData } from '../site-data';

const NOTE_ID = 'newsletter-note';

/**
 * The code that checks and sends a sign-up loads when the visitor first
 * reaches for the form (focus) or submits it: pages never pay for it upfront.
 */
const loadSignUp = () => import('./newsletter-request');
const NOTICE_ID = 'newsletter-notice';

/** `form` comes from the page's loader: where a plain form post returns to, and the outcome it brought back. */
export function NewsletterSection({ form: { returnTo, notice: serverNotice } }: { form: NewsletterFormState }) {
  const { newsletterCopy } = useSiteData();

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
    inFlight.current = true;
    const form = event.currentTarget;
    const data = new FormData(form);
    let result: SignUpResult;
    try {
      result = await (await loadSignUp()).submitSignUp(data, () => setSubmitting(true));
    } catch {
      // The sign-up code could not load (offline, a deploy in between): post the form as a browser would.
      inFlight.current = false;
      form.submit();
      return;
    }
    inFlight.current = false;
    setAddressInvalid(result.addressInvalid);
    if (result.sent) {
      focusFieldWhenIdle.current = true;
      setSubmitting(false);
      if (result.tone === 'success' && inputRef.current) inputRef.current.value = '';
    } else {
      inputRef.current?.focus();
    }
    showToast(result.tone, result.message);
  }

  // The field is described by the error it caused (toast, or the server's notice without JavaScript) and by the privacy note.
  const errorToast = toasts.find((toast) => toast.tone === 'error');
  const noticeShown = serverNotice !== null && noticeVisible;
  const errorId = errorToast ? toastMessageId(errorToast.id) : noticeShown && serverNotice.tone === 'error' ? NOTICE_ID : undefined;
  const describedBy = [errorId, NOTE_ID].filter(Boolean).join(' ');

  return (
    <section id={anchors.newsletter} className="newsletter-section below-fold" aria-labelledby="newsletter-heading">
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
              onFocus={() => void loadSignUp().catch(() => {})}
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
