import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import path from 'node:path'
import { defineConfig } from 'vite'

const root = import.meta.dirname

export default defineConfig({
  root: path.join(root, 'site'),
  publicDir: path.join(root, 'site/public'),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@shared': path.join(root, 'shared'),
      '@site': path.join(root, 'site/src'),
    },
    dedupe: ['react', 'react-dom'],
  },
  build: {
    // SITE_DIR lets parallel test runs build into separate folders; the server reads the same variable.
    outDir: path.resolve(root, process.env.SITE_DIR ?? 'dist/site'),
    emptyOutDir: true,
    // Every browser the site supports has modulepreload; the polyfill would only add bytes to `/`.
    modulePreload: { polyfill: false },
    // Illustrations stay files (cached, counted as images) instead of data URLs inside the JavaScript, and
    // so do fonts: the Content-Security-Policy allows fonts from the site only (`font-src 'self'`).
    assetsInlineLimit: (file) => (/\.(svg|woff2?)$/.test(file) ? false : undefined),
  },
  server: {
    port: 5173,
    // `npm run dev` starts the API server on PORT (default 8080) next to Vite.
    proxy: Object.fromEntries(
      ['/api', '/config.json', '/rest/v1', '/auth/v1', '/storage/v1'].map((p) => [
        p,
        `http://localhost:${process.env.PORT ?? 8080}`,
      ]),
    ),
  },
})
