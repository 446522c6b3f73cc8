import { useId } from 'react';

interface PersonDisclosureProps {
  /** The firm's words (content/people/<id>.yaml `disclosure`), shown whenever the person is a client or paid. */
  text: string;
  /** The label that names it ("Disclosure"). */
  label: string;
  className?: string;
}

/**
 * The Marketing Rule disclosure of a client or paid guest. A note of its own, labelled, so it reads apart from
 * the words around it in the page and to a screen reader, and never in smaller or fainter type than they are.
 */
export function PersonDisclosure({ text, label, className }: PersonDisclosureProps) {
  const labelId = useId();
  return (
    <div className={className ? `person-disclosure ${className}` : 'person-disclosure'} role="note" aria-labelledby={labelId}>
      <p className="person-disclosure__label" id={labelId}>
        {label}
      </p>
      <p className="person-disclosure__text">{text}</p>
    </div>
  );
}
