import { useId } from 'react';

interface DisclosureProps {
  /** The label that names the note ("Disclosure"). */
  label: string;
  /** The firm's words for each client or paid person the page speaks of (content/people/<id>.yaml `disclosure`). */
  texts: readonly string[];
  className?: string;
}

/**
 * The Marketing Rule disclosure of a client or paid guest, on their page and on their episodes' pages. A note
 * of its own, labelled, so it reads apart from the words around it in the page and to a screen reader, and
 * never in smaller or fainter type than the words it qualifies. Nothing when no one has one.
 */
export function Disclosure({ label, texts, className }: DisclosureProps) {
  const labelId = useId();
  if (texts.length === 0) return null;
  return (
    <div className={className ? `disclosure ${className}` : 'disclosure'} role="note" aria-labelledby={labelId}>
      <p className="disclosure__label" id={labelId}>
        {label}
      </p>
      {texts.map((text, index) => (
        <p key={index} className="disclosure__text">
          {text}
        </p>
      ))}
    </div>
  );
}
