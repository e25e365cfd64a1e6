import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import i18n from '../lib/i18n';
import { session } from '../lib/session';

// findBy… and waitFor wait for a state up to this long (the library's 1 s is short for a busy
// 2-core machine running several test files at once); a state that never comes still fails.
configure({ asyncUtilTimeout: 5000 });

// Mantine reads these browser APIs that jsdom lacks.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});
// Mantine's autosizing Textarea listens for web fonts loading.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}
window.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// The web tests of one worker share their modules (vitest `isolate: false`): nothing a test leaves
// in a module (notifications, the session, the language) or the page reaches the next file.
afterEach(async () => {
  cleanup();
  notifications.clean();
  // Portals (modals, notifications) live outside the containers cleanup removes.
  document.body.innerHTML = '';
  session.expire('signed-out');
  sessionStorage.clear();
  localStorage.clear();
  await i18n.changeLanguage('en');
});
