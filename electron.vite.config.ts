import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'electron-vite'
import path from 'node:path'
import type { Plugin } from 'vite'
import { rendererCsp } from './desktop/main/security.ts'

const root = import.meta.dirname
const alias = { '@shared': path.join(root, 'shared') }

/** The built renderer carries its CSP as a meta tag too (main also sends it as a header). */
function cspMeta(): Plugin {
  return {
    name: 'meridian-csp-meta',
    transformIndexHtml: {
      order: 'post',
      handler: (html, ctx) =>
        html.replace(
          '<!--meridian-csp-->',
          ctx.server ? '' : `<meta http-equiv="Content-Security-Policy" content="${rendererCsp()}" />`,
        ),
    },
  }
}

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
    plugins: [react(), tailwindcss(), cspMeta()],
    resolve: { alias, dedupe: ['react', 'react-dom'] },
    build: {
      outDir: path.join(root, 'out/renderer'),
      rolldownOptions: { input: { index: path.join(root, 'desktop/renderer/index.html') } },
    },
  },
})
