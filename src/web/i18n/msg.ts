/**
 * Marks a Spanish text that is translated later, where it is shown with t(text): table headings,
 * row labels and messages kept in lists or constants. It returns the text unchanged; the marker
 * lets the catalogue test find the text and require its English and Japanese translations.
 */
export const msg = <T extends string>(text: T): T => text;
