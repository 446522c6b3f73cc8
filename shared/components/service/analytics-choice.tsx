import type { AnalyticsChoiceWords } from '../../content/types';
import { ANALYTICS_CHOICE_PATH, choiceAnchor } from '../../rules/lead-actions';

/**
 * The privacy page's opt-out (decision 044): a plain form, so it works without JavaScript, posting to
 * the server, which sets or clears the opt-out cookie and answers 303 back to this page. Every visitor
 * gets the same page, so both buttons are always there; the answer's fragment names the confirmation
 * to show, and CSS (:target) shows only that one.
 */
export function AnalyticsChoice({ words }: { words: AnalyticsChoiceWords }) {
  return (
    <form className="analytics-choice" method="post" action={ANALYTICS_CHOICE_PATH} aria-label={words.label}>
      <p id={choiceAnchor(words.section, 'off')} className="analytics-choice__done" tabIndex={-1}>
        {words.stop.done}
      </p>
      <p id={choiceAnchor(words.section, 'on')} className="analytics-choice__done" tabIndex={-1}>
        {words.resume.done}
      </p>
      <div className="button-row">
        <button className="button button--primary" type="submit" name="analytics" value="off">
          {words.stop.button}
        </button>
        <button className="button button--outline" type="submit" name="analytics" value="on">
          {words.resume.button}
        </button>
      </div>
    </form>
  );
}
