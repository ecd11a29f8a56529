// The web example's build (`npm run example:web`): React with @vitejs/plugin-react, into dist/example-web/ (never committed).
// The typed documents come from `npm run codegen` (examples/generated/web/); EXAMPLE_WEB_GENERATED points elsewhere (the tests).
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: here('.'),
  // Served from the site's root; the sign-in comes back to /callback.
  base: '/',
  plugins: [react()],
  resolve: { alias: { '@generated': process.env.EXAMPLE_WEB_GENERATED ?? here('../generated/web') } },
  build: { outDir: process.env.EXAMPLE_WEB_OUT ?? here('../../dist/example-web'), emptyOutDir: true },
  logLevel: 'warn',
});
