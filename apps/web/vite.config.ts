import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// `npm run dev:web` serves the app with hot reload and sends API calls to a running backend.
const backend = process.env.FARADAY_BACKEND_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': backend, '/docs': backend, '/openapi.json': backend, '/healthz': backend },
  },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 600 },
});
