import classes from './formatted-text.module.css';

/**
 * A formatted text of a monitor (welcome title, title, description) with its bold, italics,
 * underlines, line breaks and paragraphs. Only for texts from the API: the server keeps nothing but
 * b, strong, i, em, u, br and p, without attributes, when storing and again when sending them
 * (sanitize-html, decision 0016).
 */
export function FormattedText({
  html,
  inline = false,
  className,
  testId,
}: {
  html: string;
  inline?: boolean;
  className?: string;
  testId?: string;
}) {
  const Tag = inline ? 'span' : 'div';
  return (
    <Tag
      className={className ? `${classes.formatted} ${className}` : classes.formatted}
      data-testid={testId}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server to a tag allow-list without attributes (decision 0016)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/** The words of a formatted text without its tags (document titles, labels), entities decoded. */
export function formattedToPlain(html: string): string {
  // An inert document: nothing in it runs or loads.
  const document = new DOMParser().parseFromString(html, 'text/html');
  return (document.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
