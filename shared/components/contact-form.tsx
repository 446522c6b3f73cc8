/**
 * The contact form on /contact.
 *
 * Without JavaScript it is a plain form: the browser checks what it can
 * (required, type="email", lengths) and posts to /contact. The server answers
 * 303 to /contact?message=received (the success panel, rendered from the URL
 * alone), or, when it refuses, with this page rendered for that visitor: the
 * values they typed, each error under its field and an error summary that
 * takes focus (`state` carries them; they never travel in a URL).
 *
 * With JavaScript the same form is checked with the shared rule and sent as
 * JSON to /api/contact without leaving the page: while it is on its way every
 * field and the button are disabled and the button reads 'Sending...'; then
 * the success panel, or the errors, take focus.
 */
import { useEffect, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { anchors, paths } from '../paths';
import type { ContactFormContent } from '../content/types';
import { CONTACT_FIELDS, contactLimits } from '../rules/contact-form';
import type { ContactErrors, ContactField, ContactFormState, ContactValues } from '../rules/contact-form';
import { HONEYPOT_FIELD } from '../rules/honeypot';
import { RichText } from './service/rich-text';

/** The code that checks and sends loads when the visitor first reaches for the form: the page never pays for it upfront. */
const loadRequest = () => import('./contact-request');

const EMPTY: ContactValues = { name: '', email: '', company: '', phone: '', topic: '', message: '' };
const fieldId = (field: ContactField) => `contact-${field}`;
const errorId = (field: ContactField) => `contact-${field}-error`;
const NOTE_ID = 'contact-form-note';
const SUMMARY_ID = 'contact-form-summary';

interface FieldProps {
  field: ContactField;
  label: string;
  required?: boolean;
  error?: string;
  hint?: string;
  children: (props: {
    id: string;
    name: ContactField;
    'aria-describedby'?: string;
    'aria-invalid'?: true;
    required?: boolean;
  }) => ReactNode;
}

/** A label, the control, and its error right under it, tied together with aria-describedby. */
function Field({ field, label, required = false, error, hint, children }: FieldProps) {
  const describedBy = [error ? errorId(field) : undefined, hint].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`contact-form__field contact-form__field--${field}${error ? ' contact-form__field--invalid' : ''}`}>
      <label htmlFor={fieldId(field)}>
        {label}
        {required ? (
          <span className="contact-form__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {children({
        id: fieldId(field),
        name: field,
        'aria-describedby': describedBy,
        'aria-invalid': error ? true : undefined,
        required: required || undefined,
      })}
      {error ? (
        <p className="contact-form__error" id={errorId(field)}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function ContactForm({ copy, state }: { copy: ContactFormContent; state: ContactFormState }) {
  const [values, setValues] = useState<ContactValues>({ ...EMPTY, ...state.values });
  const [errors, setErrors] = useState<ContactErrors>(state.errors ?? {});
  const [problem, setProblem] = useState<string | undefined>(state.problem);
  const [sent, setSent] = useState(state.sent);
  const [submitting, setSubmitting] = useState(false);
  // What gets focus after the next render: the summary after a refusal, the panel after success, the first field after "write another".
  // Each request is a new object, so the same target asked for twice is focused twice.
  const [focusRequest, setFocusRequest] = useState<{ target: 'summary' | 'sent' | 'first' }>();
  const setFocusTarget = (target: 'summary' | 'sent' | 'first') => setFocusRequest({ target });
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const sentRef = useRef<HTMLHeadingElement>(null);
  const firstFieldRef = useRef<HTMLInputElement>(null);
  const honeypotRef = useRef<HTMLInputElement>(null);

  // Once this script runs it checks with the shared rule and shows every error
  // at once; the browser's bubbles would pre-empt that. The server HTML keeps
  // the browser's checks for visitors without JavaScript.
  useEffect(() => {
    if (formRef.current) formRef.current.noValidate = true;
  }, [sent]);

  useEffect(() => {
    if (!focusRequest) return;
    if (focusRequest.target === 'summary') summaryRef.current?.focus();
    else if (focusRequest.target === 'sent') sentRef.current?.focus();
    else firstFieldRef.current?.focus();
  }, [focusRequest]);

  const change = (field: ContactField) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const form = event.currentTarget;
    let request: Awaited<ReturnType<typeof loadRequest>>;
    try {
      request = await loadRequest();
    } catch {
      // The sending code could not load (offline, a deploy in between): post the form as a browser would.
      form.submit();
      return;
    }
    const topics = copy.topics.map((topic) => topic.id);
    const found = request.checkBeforeSending(values, topics);
    if (found) {
      setErrors(found);
      setProblem(undefined);
      setFocusTarget('summary');
      return;
    }
    setSubmitting(true);
    const result = await request.sendContactMessage(values, honeypotRef.current?.value ?? '');
    setSubmitting(false);
    if (result.kind === 'sent') {
      setErrors({});
      setProblem(undefined);
      setValues(EMPTY);
      setSent(true);
      setFocusTarget('sent');
    } else if (result.kind === 'invalid') {
      setErrors(result.errors);
      setProblem(undefined);
      setFocusTarget('summary');
    } else {
      setErrors({});
      setProblem(result.message);
      setFocusTarget('summary');
    }
  }

  function writeAnother(event: { preventDefault(): void }) {
    event.preventDefault();
    setSent(false);
    setFocusTarget('first');
  }

  const errorFields = CONTACT_FIELDS.filter((field) => errors[field]);
  const hasSummary = errorFields.length > 0 || problem !== undefined;
  // Without JavaScript, the page that answers a refused post focuses its summary as it loads.
  const focusOnLoad = hasSummary && (state.errors !== undefined || state.problem !== undefined);
  const preload = () => void loadRequest().catch(() => {});

  return (
    <section id={anchors.contactForm} className="section contact-form-section" aria-labelledby="contact-form-heading">
      <div className="container contact-form-section__inner">
        <header className="service-section__header">
          <h2 id="contact-form-heading">{copy.heading}</h2>
          <p className="service-section__intro">{copy.intro}</p>
        </header>

        {sent ? (
          <div className="contact-form__sent panel" role="status">
            <h3 ref={sentRef} tabIndex={-1}>
              {copy.sent.heading}
            </h3>
            <p>{copy.sent.text}</p>
            <p>
              <a className="button button--outline" href={`${paths.contact}#${anchors.contactForm}`} onClick={writeAnother}>
                {copy.sent.again}
              </a>
            </p>
          </div>
        ) : (
          <form
            ref={formRef}
            className="contact-form panel"
            method="post"
            action={paths.contact}
            onSubmit={handleSubmit}
            onFocus={preload}
            aria-describedby={NOTE_ID}
            aria-busy={submitting}
          >
            {hasSummary ? (
              <div
                ref={summaryRef}
                id={SUMMARY_ID}
                className="contact-form__summary"
                role="alert"
                tabIndex={-1}
                autoFocus={focusOnLoad}
                aria-labelledby={`${SUMMARY_ID}-heading`}
              >
                <h3 id={`${SUMMARY_ID}-heading`}>{problem ?? copy.errorSummary}</h3>
                {errorFields.length > 0 ? (
                  <ul>
                    {errorFields.map((field) => (
                      <li key={field}>
                        <a href={`#${fieldId(field)}`}>
                          {copy.labels[field]}: {errors[field]}
                        </a>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
            ) : null}

            <p className="contact-form__required-note">{copy.requiredNote}</p>
            <fieldset className="contact-form__fields" disabled={submitting}>
              <legend className="visually-hidden">{copy.heading}</legend>
              <Field field="name" label={copy.labels.name} required error={errors.name}>
                {(props) => (
                  <input
                    {...props}
                    ref={firstFieldRef}
                    type="text"
                    autoComplete="name"
                    maxLength={contactLimits.name}
                    value={values.name}
                    onChange={change('name')}
                  />
                )}
              </Field>
              <Field field="email" label={copy.labels.email} required error={errors.email}>
                {(props) => (
                  <input
                    {...props}
                    type="email"
                    inputMode="email"
                    autoComplete="email"
                    maxLength={contactLimits.email}
                    value={values.email}
                    onChange={change('email')}
                  />
                )}
              </Field>
              <Field field="company" label={copy.labels.company} error={errors.company}>
                {(props) => (
                  <input
                    {...props}
                    type="text"
                    autoComplete="organization"
                    maxLength={contactLimits.company}
                    value={values.company}
                    onChange={change('company')}
                  />
                )}
              </Field>
              <Field field="phone" label={copy.labels.phone} error={errors.phone}>
                {(props) => (
                  <input
                    {...props}
                    type="tel"
                    autoComplete="tel"
                    maxLength={contactLimits.phone}
                    value={values.phone}
                    onChange={change('phone')}
                  />
                )}
              </Field>
              <Field field="topic" label={copy.labels.topic} error={errors.topic}>
                {(props) => (
                  <select {...props} value={values.topic} onChange={change('topic')}>
                    <option value="">{copy.topicPlaceholder}</option>
                    {copy.topics.map((topic) => (
                      <option key={topic.id} value={topic.id}>
                        {topic.label}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field field="message" label={copy.labels.message} required error={errors.message}>
                {(props) => (
                  <textarea
                    {...props}
                    rows={7}
                    minLength={contactLimits.messageMin}
                    maxLength={contactLimits.message}
                    value={values.message}
                    onChange={change('message')}
                  />
                )}
              </Field>
              <div className="newsletter-form__trap" aria-hidden="true">
                <label htmlFor="contact-website">Leave this field empty</label>
                <input ref={honeypotRef} id="contact-website" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
              </div>
              <p id={NOTE_ID} className="contact-form__note">
                <RichText content={copy.privacyNote} />
              </p>
              <button type="submit" className="button button--primary contact-form__submit">
                {submitting ? copy.sending : copy.submit}
              </button>
            </fieldset>
          </form>
        )}
      </div>
    </section>
  );
}
