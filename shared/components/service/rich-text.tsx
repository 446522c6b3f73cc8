import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import type { Block, Inline } from '../../content/types';
import { EmailLink } from '../email-link';
import { ExternalLink } from '../external-link';
import { LineIcon } from '../line-icon';
import { useSiteData } from '../../site-data';

/** Inline pieces of a text written as Markdown: strings, the firm's email, outside and internal links, emphasis. */
export function RichText({ content }: { content: Inline[] }) {
  return (
    <>
      {content.map((piece, index) => {
        if (typeof piece === 'string') return <Fragment key={index}>{piece}</Fragment>;
        switch (piece.kind) {
          case 'email':
            return (
              <EmailLink key={index} subject={piece.subject}>
                {piece.label}
              </EmailLink>
            );
          case 'external':
            return (
              <ExternalLink key={index} href={piece.href}>
                {piece.label}
              </ExternalLink>
            );
          case 'internal':
            return (
              <Link key={index} to={piece.to}>
                {piece.label}
              </Link>
            );
          case 'strong':
            return <strong key={index}>{piece.text}</strong>;
          case 'emphasis':
            return <em key={index}>{piece.text}</em>;
        }
      })}
    </>
  );
}

/** A callout made of a single email link reads best as a button. */
function isSingleEmail(content: Inline[]): content is [Extract<Inline, { kind: 'email' }>] {
  const [first] = content;
  return content.length === 1 && typeof first === 'object' && first.kind === 'email';
}

/** One block of a text written as Markdown; `paragraphClassName` styles its paragraphs as the page's own. */
export function RichBlock({ block, paragraphClassName }: { block: Block; paragraphClassName?: string }) {
  switch (block.kind) {
    case 'paragraph':
      return (
        <p className={paragraphClassName}>
          <RichText content={block.content} />
        </p>
      );
    case 'heading': {
      const Heading = `h${block.level}` as const;
      return (
        <Heading>
          <RichText content={block.content} />
        </Heading>
      );
    }
    case 'list': {
      const List = block.ordered ? 'ol' : 'ul';
      return (
        <List>
          {block.items.map((item, index) => (
            <li key={index}>
              <RichText content={item} />
            </li>
          ))}
        </List>
      );
    }
    case 'terms':
      return (
        <dl className="prose__terms">
          {block.items.map((item) => (
            <div key={item.term} className="prose__term">
              <dt>{item.term}</dt>
              <dd>
                <RichText content={item.content} />
              </dd>
            </div>
          ))}
        </dl>
      );
    case 'callout':
      if (isSingleEmail(block.content)) {
        const [link] = block.content;
        return <EmailCallout subject={link.subject} label={link.label} />;
      }
      return (
        <p className="prose__callout">
          <RichText content={block.content} />
        </p>
      );
  }
}

function EmailCallout({ subject, label }: { subject?: string; label?: string }) {
  const { firm } = useSiteData();
  return (
    <p className="prose__callout prose__callout--action">
      <EmailLink className="button button--dark" subject={subject}>
        <LineIcon name="mail" size={28} className="prose__callout-icon" />
        {label ?? firm.email}
      </EmailLink>
    </p>
  );
}
