import { bookBlurb } from '../../content/home';
import { author, book, externalUrls } from '../../content/site';
import { ExternalLink } from '../external-link';

/** The shipped artwork for this section, with its intrinsic sizes. */
const BOOK_COVER = { src: '/media/book-cover.svg', width: 400, height: 600 } as const;
const AUTHOR_PORTRAIT = { src: '/media/author.svg', width: 480, height: 560 } as const;

/** Home §6: the author's book with a 'Buy Now' link, and the author's credentials. */
export function AuthorBook() {
  return (
    <section className="author-book section" aria-labelledby="book-heading">
      <div className="container author-book__grid">
        <div className="author-book__cover-wrap">
          <img
            className="author-book__cover"
            src={BOOK_COVER.src}
            width={BOOK_COVER.width}
            height={BOOK_COVER.height}
            alt={`Cover of ${book.title}`}
            loading="lazy"
            decoding="async"
          />
        </div>
        <div className="author-book__body">
          <p className="eyebrow">The Book</p>
          <h2 id="book-heading" className="author-book__title">
            {book.title}
          </h2>
          <p className="author-book__blurb">{bookBlurb}</p>
          <ExternalLink className="button button--dark author-book__buy" href={externalUrls.book}>
            Buy Now
          </ExternalLink>
          <div className="author-book__author">
            <img
              className="author-book__portrait"
              src={AUTHOR_PORTRAIT.src}
              width={AUTHOR_PORTRAIT.width}
              height={AUTHOR_PORTRAIT.height}
              alt={`Portrait of ${author.name}`}
              loading="lazy"
              decoding="async"
            />
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
