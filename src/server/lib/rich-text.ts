import sanitizeHtml from 'sanitize-html';
import { FORMATTED_TAGS } from '../../shared/schemas/settings';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...FORMATTED_TAGS],
  allowedAttributes: {},
  // Script, style and similar elements go with their content; other tags go, their text stays.
  disallowedTagsMode: 'discard',
};

/**
 * A formatted text of the public site (welcome title, title, description) reduced to the small
 * allow-list of FORMATTED_TAGS without attributes, safe to insert as HTML (decision 0016). Applied
 * when storing and again when showing, so rows written before (or by other means) are safe too.
 * Idempotent; a text left empty becomes null.
 */
export function sanitizeFormatted(value: string | null): string | null {
  if (value == null) return null;
  const clean = sanitizeHtml(value, OPTIONS).trim();
  return clean === '' ? null : clean;
}
