import type { Page } from '@playwright/test'
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import {
  argumentSchemas,
  createDesktopHandlers,
  dispatchDesktopCall,
  progressChannel,
  sessionChannel,
  syncStatusChannel,
} from '../../../desktop/main/api-handlers.ts'
import { DesktopBackend } from '../../../desktop/main/services/desktop-backend.ts'
import { MemorySecretStore } from '../../../desktop/main/services/session.ts'

const rendererDir = path.resolve(import.meta.dirname, '../../../out/renderer')
const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
}

/** Serves the built renderer (`out/renderer`) over http: the bundle runs in plain Chromium once given its bridge. */
export async function serveRenderer(): Promise<{ url: string; close(): Promise<void> }> {
  if (!statSync(path.join(rendererDir, 'index.html'), { throwIfNoEntry: false })) {
    throw new Error('out/renderer is missing: run `npm run desktop:build` first.')
  }
  const server: Server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
    const file = path.join(rendererDir, pathname === '/' ? 'index.html' : pathname)
    if (!file.startsWith(rendererDir) || !statSync(file, { throwIfNoEntry: false })?.isFile()) {
      res.writeHead(404).end('Not found')
      return
    }
    res
      .writeHead(200, { 'Content-Type': types[path.extname(file)] ?? 'application/octet-stream' })
      .end(readFileSync(file))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/** Bytes cross the Playwright binding as base64 (the preload passes Uint8Array through IPC as is). */
type Wire = unknown
function decode(value: Wire): unknown {
  if (Array.isArray(value)) return value.map(decode)
  if (value && typeof value === 'object') {
    if ('__bytes' in value)
      return new Uint8Array(Buffer.from((value as { __bytes: string }).__bytes, 'base64'))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, decode(v)]))
  }
  return value
}
function encode(value: unknown): Wire {
  if (value instanceof Uint8Array) return { __bytes: Buffer.from(value).toString('base64') }
  if (Array.isArray(value)) return value.map(encode)
  if (value && typeof value === 'object' && !(value instanceof Date))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encode(v)]))
  return value
}

/**
 * The page half of the bridge: the same shape as `desktop/preload/index.ts`, with `ipcRenderer.invoke`
 * replaced by the Playwright binding and main's events delivered through `window.__meridianEvent`.
 */
function installBridge({
  methods,
  progressChannel,
  syncStatusChannel,
  sessionChannel,
}: {
  methods: string[]
  progressChannel: string
  syncStatusChannel: string
  sessionChannel: string
}) {
  type Listener = (payload: unknown) => void
  const listeners = new Map<string, Set<Listener>>()
  const on = (channel: string, listener: Listener) => {
    if (!listeners.has(channel)) listeners.set(channel, new Set())
    listeners.get(channel)!.add(listener)
    return () => void listeners.get(channel)!.delete(listener)
  }
  ;(window as unknown as { __meridianEvent: (c: string, p: unknown) => void }).__meridianEvent = (
    channel,
    payload,
  ) => {
    listeners.get(channel)?.forEach((listener) => listener(payload))
  }
  const toBase64 = (bytes: Uint8Array) => {
    let text = ''
    for (let i = 0; i < bytes.length; i += 0x8000)
      text += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
    return btoa(text)
  }
  const encode = (value: unknown): unknown => {
    if (value instanceof Uint8Array) return { __bytes: toBase64(value) }
    if (Array.isArray(value)) return value.map(encode)
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encode(v)]))
    return value
  }
  const decode = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(decode)
    if (value && typeof value === 'object') {
      if ('__bytes' in value)
        return Uint8Array.from(atob((value as { __bytes: string }).__bytes), (c) => c.charCodeAt(0))
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, decode(v)]))
    }
    return value
  }
  const binding = (
    window as unknown as { __meridianCall: (method: string, args: unknown) => Promise<unknown> }
  ).__meridianCall
  const call = async (method: string, args: unknown[]) => decode(await binding(method, encode(args)))
  let progressSeq = 0
  const withProgress = async (onProgress: unknown, run: (id: string | undefined) => Promise<unknown>) => {
    if (typeof onProgress !== 'function') return run(undefined)
    const id = `p${++progressSeq}`
    const off = on(progressChannel, (message) => {
      const m = message as { id: string; percent: number }
      if (m.id === id) (onProgress as (p: number) => void)(m.percent)
    })
    try {
      return await run(id)
    } finally {
      off()
    }
  }
  const api: Record<string, unknown> = { kind: 'desktop' }
  for (const method of methods) api[method] = (...args: unknown[]) => call(method, args)
  api.uploadImage = (image: unknown, folder: unknown, onProgress: unknown) =>
    withProgress(onProgress, (id) => call('uploadImage', [image, folder, id]))
  api.compressImage = (file: unknown, onProgress: unknown) =>
    withProgress(onProgress, (id) => call('compressImage', [file, id]))
  api.onSyncStatus = (listener: Listener) => on(syncStatusChannel, listener)
  api.onSessionChange = (listener: Listener) => on(sessionChannel, listener)
  ;(window as unknown as { meridian: unknown }).meridian = Object.freeze(api)
}

export interface DesktopHarness {
  backend: DesktopBackend
  network: { up: boolean }
  /** Connects `page` to this main process (call before the first navigation). */
  attach(page: Page): Promise<void>
  close(): Promise<void>
}

/**
 * The desktop main process running in the test's Node process: a temporary user-data folder, the real
 * backend services and the real IPC handlers (argument validation included), reachable from the page.
 */
export async function startDesktopMain(siteUrl: string): Promise<DesktopHarness> {
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'meridian-desktop-e2e-'))
  const network = { up: true }
  const pages = new Set<Page>()
  const notify = (channel: string, payload: unknown) => {
    for (const page of pages)
      void page
        .evaluate(
          ([c, p]) =>
            (window as unknown as { __meridianEvent?: (c: string, p: unknown) => void }).__meridianEvent?.(
              c,
              p,
            ),
          [channel, encode(payload)] as const,
        )
        .catch(() => {})
  }
  const backend = await DesktopBackend.open({
    userDataDir,
    secrets: new MemorySecretStore(),
    isNetworkUp: () => network.up,
    backoffMs: () => 500,
    autoRefresh: false,
    onStatus: (status) => notify(syncStatusChannel, status),
    onSession: (session) => notify(sessionChannel, session),
  })
  await backend.saveSettings(siteUrl)
  const handlers = createDesktopHandlers(backend, async () => {})
  return {
    backend,
    network,
    async attach(page) {
      pages.add(page)
      await page.exposeBinding('__meridianCall', async (_source, method: string, args: Wire) =>
        encode(await dispatchDesktopCall(handlers, method, decode(args) as unknown[], notify)),
      )
      await page.addInitScript(installBridge, {
        methods: Object.keys(argumentSchemas),
        progressChannel,
        syncStatusChannel,
        sessionChannel,
      })
    },
    async close() {
      await backend.close()
      rmSync(userDataDir, { recursive: true, force: true })
    },
  }
}
