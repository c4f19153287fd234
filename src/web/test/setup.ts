import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { answerCallsWith, type CallAnswerer } from '../lib/api-client';

/**
 * The component tier (decision 0029): no screen reaches a server. Every apiRequest is answered here
 * and refused until a test answers it (see fakeApi in ./api.ts); ApiError and the rest of the client
 * stay real.
 */
const refuse: CallAnswerer = async (path) => {
  throw new Error(`No fake answer for ${path}`);
};
beforeEach(() => answerCallsWith(refuse));

// findBy…/waitFor give up after 5 s instead of 1 s: on a busy 2-core machine a screen can take
// longer than a second to settle. A passing test waits no longer for it.
configure({ asyncUtilTimeout: 5_000 });

// What Mantine reads from the browser and happy-dom leaves out.
if (!('ResizeObserver' in window)) {
  class ResizeObserver {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.assign(window, { ResizeObserver });
  Object.assign(globalThis, { ResizeObserver });
}
window.HTMLElement.prototype.scrollIntoView ??= () => {};
// Textarea's autosize listens for web fonts loading.
if (!document.fonts)
  Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });

afterEach(() => {
  cleanup();
  // The toasts' store is global: one test's toasts must not fill the next test's screen.
  notifications.clean();
  localStorage.clear();
});
