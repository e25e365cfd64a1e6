import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './lib/i18n';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { App } from './app/App';

// The app's Content-Security-Policy forbids eval; zod would probe for it with `new Function` on its
// first object parse, and the browser reports each probe as a policy violation.
z.config({ jitless: true });

createRoot(document.getElementById('root') as HTMLElement).render(<App />);
