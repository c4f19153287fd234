import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/**
 * WCAG 2.4.1 on a rendered layout: the page has exactly one <main> ('contenido', focusable by
 * script only), the first Tab of the page reaches 'Saltar al contenido principal', and following
 * it puts the focus on that <main>.
 */
export async function expectSkipLinkToMain(user: UserEvent): Promise<void> {
  const mains = screen.getAllByRole('main');
  expect(mains).toHaveLength(1);
  const main = mains[0]!;
  expect(main).toHaveAttribute('id', 'contenido');
  expect(main).toHaveAttribute('tabindex', '-1');

  (document.activeElement as HTMLElement | null)?.blur();
  await user.tab();
  const skip = screen.getByRole('link', { name: 'Saltar al contenido principal' });
  expect(skip).toHaveFocus();
  expect(skip).toHaveAttribute('href', '#contenido');
  await user.keyboard('{Enter}');
  expect(main).toHaveFocus();
}

interface HappyDomWindow {
  happyDOM: { setViewport(viewport: { width: number; height: number }): void };
}

/**
 * Renders what follows on a 360-pixel phone (happy-dom's window is 1024 pixels wide, where
 * Mantine's hiddenFrom hides the menu buttons); returns the way back to the default window.
 */
export function onPhone(): () => void {
  const { happyDOM } = window as unknown as HappyDomWindow;
  happyDOM.setViewport({ width: 360, height: 740 });
  return () => happyDOM.setViewport({ width: 1024, height: 768 });
}
