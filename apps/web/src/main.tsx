import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './lib/i18n';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';

createRoot(document.getElementById('root') as HTMLElement).render(<App />);
