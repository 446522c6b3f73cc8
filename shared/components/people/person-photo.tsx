interface PersonPhotoProps {
  src: string;
  className?: string;
}

/**
 * A host's or guest's photo. Unlike the site's other pictures (SizedImage), a photo an editor uploads comes
 * with no known size, so none is declared: the frame's width and height are fixed by CSS (people.css) and
 * the picture is cropped to fill it, which keeps the layout from shifting whatever the file's proportions.
 * The name is the heading beside it, so the picture adds nothing to read aloud.
 */
export function PersonPhoto({ src, className }: PersonPhotoProps) {
  return <img className={className ? `person-photo ${className}` : 'person-photo'} src={src} alt="" decoding="async" />;
}
