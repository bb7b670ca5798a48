import { spawnSync } from 'node:child_process'
import { readFileSync, statSync } from 'node:fs'
import { Module } from 'node:module'
import path from 'node:path'
import vm from 'node:vm'
import { beforeAll, describe, expect, it } from 'vitest'
import { channelPrefix, desktopEvents, desktopMethods, progressChannel } from '../contract.ts'

/**
 * The preload as the app ships it: `out/preload/index.cjs`, built by `npm run desktop:build`, run with a
 * stand-in for the `electron` module. Every method of the contract must reach `ipcRenderer.invoke` on its
 * own channel with every argument as given (a progress listener as an id), every event must subscribe and
 * unsubscribe on its channel, and nothing else may be exposed.
 */

const root = path.resolve(import.meta.dirname, '../..')
const built = path.join(root, 'out/preload/index.cjs')
/** What the built file is made from: when any is newer, the build is stale. */
const sources = ['desktop/preload/index.ts', 'desktop/contract.ts', 'shared/admin/contract.ts'].map((f) =>
  path.join(root, f),
)

function mtime(file: string) {
  return statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? null
}

/** Builds the desktop app when the preload is missing or older than its sources (about 2 s). */
function ensureBuilt() {
  const out = mtime(built)
  if (out !== null && sources.every((source) => (mtime(source) ?? 0) <= out)) return
  const result = spawnSync(process.execPath, ['node_modules/electron-vite/bin/electron-vite.js', 'build'], {
    cwd: root,
    encoding: 'utf8',
  })
  if (result.status !== 0 || mtime(built) === null) {
    throw new Error(
      `out/preload/index.cjs is missing or stale and building it failed: run \`npm run desktop:build\`.\n${result.stderr}`,
    )
  }
}

type Listener = (event: unknown, payload: unknown) => void

/** A stand-in for what `require('electron')` gives a sandboxed preload, recording every call. */
function fakeElectron() {
  const exposed: { name: string; api: Record<string, unknown> }[] = []
  const invokes: { channel: string; args: unknown[]; resolve(value: unknown): void }[] = []
  const listeners = new Map<string, Set<Listener>>()
  const removed: { channel: string; listener: Listener }[] = []
  const electron = {
    contextBridge: {
      exposeInMainWorld(name: string, api: Record<string, unknown>) {
        exposed.push({ name, api })
      },
    },
    ipcRenderer: {
      invoke(channel: string, ...args: unknown[]) {
        return new Promise((resolve) => invokes.push({ channel, args, resolve }))
      },
      on(channel: string, listener: Listener) {
        if (!listeners.has(channel)) listeners.set(channel, new Set())
        listeners.get(channel)!.add(listener)
      },
      removeListener(channel: string, listener: Listener) {
        removed.push({ channel, listener })
        listeners.get(channel)?.delete(listener)
      },
    },
  }
  const emit = (channel: string, payload: unknown) =>
    [...(listeners.get(channel) ?? [])].forEach((listener) => listener({ sender: 'main' }, payload))
  return { electron, exposed, invokes, listeners, removed, emit }
}

/** Runs the built preload the way Electron does (a CommonJS module) with the stand-in `electron`. */
function loadPreload() {
  const fake = fakeElectron()
  const required: string[] = []
  const sandboxRequire = (id: string) => {
    required.push(id)
    // A sandboxed preload can require only a few modules; ours needs `electron` alone.
    if (id === 'electron') return fake.electron
    throw new Error(`The preload required “${id}”, which a sandboxed preload cannot load.`)
  }
  const module = { exports: {} }
  const run = vm.runInThisContext(Module.wrap(readFileSync(built, 'utf8')), { filename: built })
  run(module.exports, sandboxRequire, module, built, path.dirname(built))
  return { ...fake, required }
}

const methods = Object.keys(desktopMethods) as (keyof typeof desktopMethods)[]
const flush = () => new Promise((resolve) => setImmediate(resolve))

describe('the built preload (out/preload/index.cjs)', () => {
  beforeAll(ensureBuilt, 120_000)

  it('requires only electron and exposes exactly window.meridian: kind, every method, every event', () => {
    const preload = loadPreload()
    expect(preload.required).toEqual(['electron'])
    expect(preload.exposed.map((e) => e.name)).toEqual(['meridian'])
    const api = preload.exposed[0].api
    expect(api.kind).toBe('desktop')
    expect(Object.keys(api).sort()).toEqual(['kind', ...methods, ...Object.keys(desktopEvents)].sort())
    for (const name of [...methods, ...Object.keys(desktopEvents)])
      expect(typeof api[name], name).toBe('function')
  })

  it.each(methods)(
    '%s reaches ipcRenderer.invoke on its channel with every argument unchanged',
    async (method) => {
      const preload = loadPreload()
      const api = preload.exposed[0].api as Record<string, (...args: unknown[]) => Promise<unknown>>
      const spec = desktopMethods[method]
      // Distinct objects, so "unchanged" means the very values given, in order.
      const args: unknown[] = spec.args.def.items.map((_, i) => ({ sentinel: `${method}-${i}` }))
      const percents: unknown[] = []
      if (spec.progress) args.push((percent: unknown) => percents.push(percent))

      const reply = api[method](...args)
      expect(preload.invokes).toHaveLength(1)
      const [call] = preload.invokes
      expect(call.channel).toBe(`${channelPrefix}${method}`)
      expect(call.args).toHaveLength(args.length)
      spec.args.def.items.forEach((_, i) => expect(call.args[i]).toBe(args[i]))

      if (spec.progress) {
        const id = call.args[args.length - 1]
        expect(typeof id).toBe('string')
        expect(preload.listeners.get(progressChannel)?.size).toBe(1)
        // Main reports under that id; another call's reports are not this listener's.
        preload.emit(progressChannel, { id, percent: 42 })
        preload.emit(progressChannel, { id: `${id}-other`, percent: 7 })
        preload.emit(progressChannel, { id, percent: 100 })
        expect(percents).toEqual([42, 100])
      } else {
        expect(preload.listeners.get(progressChannel)?.size ?? 0).toBe(0)
      }

      call.resolve({ result: method })
      await expect(reply).resolves.toEqual({ result: method })
      await flush()
      // The progress listener is removed once the call settles.
      expect(preload.listeners.get(progressChannel)?.size ?? 0).toBe(0)
    },
  )

  it('passes a rejection from main through to the caller', async () => {
    const fake = loadPreload()
    const api = fake.exposed[0].api as Record<string, (...args: unknown[]) => Promise<unknown>>
    fake.electron.ipcRenderer.invoke = () => Promise.reject(new Error('Invalid arguments for getPost'))
    await expect(api.getPost('x')).rejects.toThrow('Invalid arguments for getPost')
  })

  it('progress methods work without a listener too (no id, nothing subscribed)', async () => {
    const preload = loadPreload()
    const api = preload.exposed[0].api as Record<string, (...args: unknown[]) => Promise<unknown>>
    const image = { bytes: new Uint8Array([1]), name: 'a.png', type: 'image/png' }
    void api.compressImage(image)
    expect(preload.invokes[0].args).toEqual([image])
    expect(preload.listeners.get(progressChannel)?.size ?? 0).toBe(0)
  })

  it.each(Object.entries(desktopEvents))(
    '%s subscribes on its channel, delivers the payload, and unsubscribes',
    (name, { channel }) => {
      const preload = loadPreload()
      const api = preload.exposed[0].api as Record<string, (listener: (p: unknown) => void) => () => void>
      const received: unknown[] = []
      const unsubscribe = api[name]((payload) => received.push(payload))
      expect([...preload.listeners.keys()]).toEqual([channel])
      const registered = [...preload.listeners.get(channel)!][0]
      preload.emit(channel, { from: 'main', event: name })
      expect(received).toEqual([{ from: 'main', event: name }])
      unsubscribe()
      expect(preload.removed).toEqual([{ channel, listener: registered }])
      preload.emit(channel, { late: true })
      expect(received).toHaveLength(1)
    },
  )
})
