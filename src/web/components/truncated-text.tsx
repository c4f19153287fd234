import { Text, Tooltip, VisuallyHidden } from '@mantine/core';

const LIMIT = 30;

/** Table cells longer than 30 characters show 27 and '...', with the whole text in a tooltip (spec). */
export function TruncatedText({ text }: { text: string | null | undefined }) {
  if (!text)
    return (
      <Text span inherit c="dimmed">
        —
      </Text>
    );
  if (text.length <= LIMIT) return <>{text}</>;
  return (
    <Tooltip label={text} multiline maw={750} withArrow events={{ hover: true, focus: true, touch: true }}>
      {/* Focusable for the tooltip; a screen reader reads the whole text (a span's aria-label is not read). */}
      <Text span inherit tabIndex={0} style={{ cursor: 'help' }}>
        <span aria-hidden="true">{`${text.slice(0, LIMIT - 3)}...`}</span>
        <VisuallyHidden component="span">{text}</VisuallyHidden>
      </Text>
    </Tooltip>
  );
}
