import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'electron-vite'
import path from 'node:path'

const root = import.meta.dirname
const alias = { '@shared': path.join(root, 'shared') }

/**
 * The desktop app: main (Node, ESM), preload (CommonJS, because a sandboxed preload cannot load ES modules)
 * and the renderer (React, sharing the admin components with the site). Output goes to `out/`.
 */
export default defineConfig({
  main: {
    resolve: { alias },
    build: {
      outDir: path.join(root, 'out/main'),
      // sharp and PGlite load native code / wasm from node_modules at run time: keep them external.
      externalizeDeps: true,
      rolldownOptions: { input: { index: path.join(root, 'desktop/main/index.ts') } },
    },
  },
  preload: {
    resolve: { alias },
    build: {
      outDir: path.join(root, 'out/preload'),
      // A sandboxed preload may only require('electron'): bundle everything else in.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: path.join(root, 'desktop/preload/index.ts') },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: path.join(root, 'desktop/renderer'),
    plugins: [react(), tailwindcss()],
    resolve: { alias, dedupe: ['react', 'react-dom'] },
    build: {
      outDir: path.join(root, 'out/renderer'),
      rolldownOptions: { input: { index: path.join(root, 'desktop/renderer/index.html') } },
    },
  },
})
