import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../test/render';
import { TruncatedText } from './truncated-text';

const NAME = 'CONSTRUCTORA RIO BRAVO S DE RL DE CV';

describe('TruncatedText', () => {
  it('shows 27 characters and "...", reachable by keyboard, and gives a screen reader the whole text', () => {
    renderScreen(<TruncatedText text={NAME} />);
    const shown = screen.getByText(`${NAME.slice(0, 27)}...`);
    expect(shown).toHaveAttribute('aria-hidden', 'true');
    const focusable = shown.parentElement!;
    expect(focusable).toHaveAttribute('tabindex', '0');
    // No aria-label on a span (not read): the whole text is in the element, hidden from sight only.
    expect(focusable).not.toHaveAttribute('aria-label');
    expect(screen.getByText(NAME)).toBeInTheDocument();
  });

  it('shows a short text as it is, and a dash for none', () => {
    renderScreen(
      <>
        <TruncatedText text="Corto" />
        <TruncatedText text={null} />
      </>,
    );
    expect(screen.getByText('Corto')).toBeInTheDocument();
    expect(screen.getByText('—')).toBeInTheDocument();
  });
});
