import type { Page } from '@playwright/test'
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { channelPrefix, desktopEvents } from '../../../desktop/contract.ts'
import { dispatchDesktopCall } from '../../../desktop/main/api-handlers.ts'
import type { Updater } from '../../../desktop/main/services/updates.ts'
import { openDesktopMain, type DesktopMain } from '../../../desktop/main/desktop-main.ts'
import { MemorySecretStore } from '../../../desktop/main/services/session.ts'
import { contentTypeOf } from '../../../shared/lib/content-types.ts'

// DESKTOP_OUT_DIR: a desktop build of one's own (several people testing in one working tree).
const outDir = path.resolve(process.env.DESKTOP_OUT_DIR ?? path.join(import.meta.dirname, '../../../out'))
const rendererDir = path.join(outDir, 'renderer')
const preloadFile = path.join(outDir, 'preload/index.cjs')

function requireBuilt(file: string) {
  if (!statSync(file, { throwIfNoEntry: false })) {
    throw new Error(`${path.relative(process.cwd(), file)} is missing: run \`npm run desktop:build\` first.`)
  }
}

/** Serves the built renderer (`out/renderer`) over http: the bundle runs in plain Chromium once given its bridge. */
export async function serveRenderer(): Promise<{ url: string; close(): Promise<void> }> {
  requireBuilt(path.join(rendererDir, 'index.html'))
  const server: Server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
    const file = path.join(rendererDir, pathname === '/' ? 'index.html' : pathname)
    if (!file.startsWith(rendererDir) || !statSync(file, { throwIfNoEntry: false })?.isFile()) {
      res.writeHead(404).end('Not found')
      return
    }
    res
      .writeHead(200, { 'Content-Type': contentTypeOf(file) ?? 'application/octet-stream' })
      .end(readFileSync(file))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/**
 * Values cross the Playwright binding as JSON. Electron's IPC uses structured clone, which keeps bytes and
 * `undefined`; those two are tagged here so they arrive as they were sent.
 */
type Wire = unknown
function decode(value: Wire): unknown {
  if (Array.isArray(value)) return value.map(decode)
  if (value && typeof value === 'object') {
    if ('__bytes' in value)
      return new Uint8Array(Buffer.from((value as { __bytes: string }).__bytes, 'base64'))
    if ('__undefined' in value) return undefined
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, decode(v)]))
  }
  return value
}
function encode(value: unknown): Wire {
  if (value === undefined) return { __undefined: true }
  if (value instanceof Uint8Array) return { __bytes: Buffer.from(value).toString('base64') }
  if (Array.isArray(value)) return value.map(encode)
  if (value && typeof value === 'object' && !(value instanceof Date))
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, encode(v)]),
    )
  return value
}

const invokeBinding = '__meridianTestInvoke'
const emitFunction = '__meridianTestEmit'

/**
 * Runs in the page before its scripts: a stand-in for what `require('electron')` gives the sandboxed
 * preload (contextBridge, ipcRenderer), then the built preload itself. `ipcRenderer.invoke` goes to the
 * Playwright binding (main's handlers in the test process); `ipcRenderer.on` hears main's events.
 * Self-contained: Playwright sends its source text to the page.
 */
function installPreload(
  config: { invokeBinding: string; emitFunction: string },
  runPreload: (exports: object, require: (id: string) => unknown, module: { exports: object }) => void,
) {
  type Listener = (event: unknown, payload: unknown) => void
  const listeners = new Map<string, Set<Listener>>()
  const toBase64 = (bytes: Uint8Array) => {
    let text = ''
    for (let i = 0; i < bytes.length; i += 0x8000)
      text += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
    return btoa(text)
  }
  // Structured clone, as Electron's IPC: functions cannot be sent (the preload must turn them into ids).
  const encode = (value: unknown): unknown => {
    if (value === undefined) return { __undefined: true }
    if (typeof value === 'function') throw new Error('An object could not be cloned.')
    if (value instanceof Uint8Array) return { __bytes: toBase64(value) }
    if (Array.isArray(value)) return value.map(encode)
    if (value && typeof value === 'object')
      return Object.fromEntries(
        Object.entries(value)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => [k, encode(v)]),
      )
    return value
  }
  const decode = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(decode)
    if (value && typeof value === 'object') {
      if ('__bytes' in value)
        return Uint8Array.from(atob((value as { __bytes: string }).__bytes), (c) => c.charCodeAt(0))
      if ('__undefined' in value) return undefined
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, decode(v)]))
    }
    return value
  }
  const page = window as unknown as Record<string, unknown>
  page[config.emitFunction] = (channel: string, payload: unknown) => {
    for (const listener of [...(listeners.get(channel) ?? [])]) listener({}, decode(payload))
  }
  const electron = {
    contextBridge: {
      exposeInMainWorld(name: string, api: Record<string, unknown>) {
        // contextBridge hands the page a frozen copy.
        Object.defineProperty(window, name, { value: Object.freeze({ ...api }), enumerable: true })
      },
    },
    ipcRenderer: {
      async invoke(channel: string, ...args: unknown[]) {
        const call = page[config.invokeBinding] as (channel: string, args: unknown) => Promise<unknown>
        return decode(await call(channel, encode(args)))
      },
      on(channel: string, listener: Listener) {
        if (!listeners.has(channel)) listeners.set(channel, new Set())
        listeners.get(channel)!.add(listener)
      },
      removeListener(channel: string, listener: Listener) {
        listeners.get(channel)?.delete(listener)
      },
    },
  }
  const module = { exports: {} }
  runPreload(
    module.exports,
    (id) => {
      if (id === 'electron') return electron
      throw new Error(`A sandboxed preload cannot require “${id}”.`)
    },
    module,
  )
}

/** The init script: the stand-in, then the built preload's own text as a CommonJS module body. */
function preloadScript(): string {
  requireBuilt(preloadFile)
  const preload = readFileSync(preloadFile, 'utf8')
  return `(${installPreload.toString()})(${JSON.stringify({ invokeBinding, emitFunction })}, function (exports, require, module) {\n${preload}\n});`
}

export interface DesktopHarness {
  backend: DesktopMain
  network: { up: boolean }
  /** Connects `page` to this main process (call before the first navigation). */
  attach(page: Page): Promise<void>
  close(): Promise<void>
}

/**
 * The desktop main process running in the test's Node process: a temporary user-data folder, the real
 * backend services and the real IPC handlers (argument validation included). Pages get the built preload,
 * so the renderer talks to main exactly as in the app; only the IPC transport is Playwright's.
 */
export async function startDesktopMain(
  siteUrl: string,
  options: { backoffMs?: number; updater?: Updater } = {},
): Promise<DesktopHarness> {
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'meridian-desktop-e2e-'))
  const network = { up: true }
  const pages = new Set<Page>()
  const notify = (channel: string, payload: unknown) => {
    for (const page of pages) {
      if (page.isClosed()) {
        pages.delete(page)
        continue
      }
      void page
        .evaluate(
          ([fn, c, p]) => (window as unknown as Record<string, (c: string, p: unknown) => void>)[fn]?.(c, p),
          [emitFunction, channel, encode(payload)] as const,
        )
        .catch(() => {})
    }
  }
  const backend = await openDesktopMain({
    userDataDir,
    secrets: new MemorySecretStore(),
    isNetworkUp: () => network.up,
    backoffMs: () => options.backoffMs ?? 500,
    autoRefresh: false,
    onStatus: (status) => notify(desktopEvents.onSyncStatus.channel, status),
    onSession: (session) => notify(desktopEvents.onSessionChange.channel, session),
    updater: options.updater,
    appVersion: '0.1.0',
    onUpdate: (state) => notify(desktopEvents.onUpdateState.channel, state),
  })
  await backend.saveSettings({ siteUrl })
  const script = preloadScript()
  return {
    backend,
    network,
    async attach(page) {
      pages.add(page)
      await page.exposeBinding(invokeBinding, async (_source, channel: string, args: Wire) => {
        // As ipcMain: only the app's channels have handlers.
        if (!channel.startsWith(channelPrefix)) throw new Error(`No handler registered for '${channel}'`)
        const method = channel.slice(channelPrefix.length)
        return encode(await dispatchDesktopCall(backend, method, decode(args) as unknown[], notify))
      })
      await page.addInitScript({ content: script })
    },
    async close() {
      await backend.close()
      rmSync(userDataDir, { recursive: true, force: true })
    },
  }
}
