import type { ImageAsset } from '../../content/types';
import { useSiteData } from '../../site-data';
import { ExternalLink } from '../external-link';
import { SizedImage } from '../sized-image';

/** Home §6: the author's book with a 'Buy Now' link, and the author's credentials. */
export interface AuthorBookContent {
  book: { title: string; cover: ImageAsset; blurb: string };
  author: { name: string; credentials: readonly string[]; portrait: ImageAsset };
}

export function AuthorBook({ content: { book, author } }: { content: AuthorBookContent }) {
  const { externalUrls } = useSiteData();
  return (
    <section className="author-book section below-fold" aria-labelledby="book-heading">
      <div className="container author-book__grid">
        <div className="author-book__cover-wrap">
          <SizedImage className="author-book__cover" image={book.cover} alt={`Cover of ${book.title}`} />
        </div>
        <div className="author-book__body">
          <p className="eyebrow">The Book</p>
          <h2 id="book-heading" className="author-book__title">
            {book.title}
          </h2>
          <p className="author-book__blurb">{book.blurb}</p>
          <ExternalLink className="button button--dark author-book__buy" href={externalUrls.book}>
            Buy Now
          </ExternalLink>
          <div className="author-book__author">
            <SizedImage className="author-book__portrait" image={author.portrait} alt={`Portrait of ${author.name}`} />
            <div>
              <p className="author-book__label">About the author</p>
              <h3 className="author-book__name">{author.name}</h3>
              <ul className="author-book__credentials">
                {author.credentials.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
