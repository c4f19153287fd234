import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

/**
 * The component tier (decision 0029): no screen reaches a server. The API client's apiRequest is a
 * mock that refuses every call until a test answers it (see fakeApi in ./api.ts); ApiError and
 * the rest of the module stay real.
 */
vi.mock('../lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../lib/api-client')>();
  return {
    ...actual,
    apiRequest: vi.fn(async (path: string) => {
      throw new Error(`No fake answer for ${path}`);
    }),
  };
});

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
