import { Button } from '@mantine/core';
import type { MouseEvent } from 'react';
import classes from './skip-link.module.css';

/** The id of the page's one <main>, where the skip link leads. */
export const MAIN_ID = 'contenido';

/**
 * What every layout gives its one <main>: the skip link's target, focusable by script only
 * (tabIndex -1), so a screen reader and the keyboard carry on from the page's content.
 */
export const MAIN_PROPS = { id: MAIN_ID, tabIndex: -1, className: classes.main } as const;

/**
 * 'Saltar al contenido principal' (WCAG 2.4.1): the first focusable element of every page, out of
 * sight until focused. It moves the focus to <main> itself rather than through the address: a
 * hash would be a navigation for the router (and a visit registered again).
 */
export function SkipLink({ label }: { label: string }) {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
  };
  return (
    <Button component="a" href={`#${MAIN_ID}`} className={classes.skip} onClick={skip}>
      {label}
    </Button>
  );
}
