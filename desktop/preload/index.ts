import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import {
  channelPrefix,
  desktopEvents,
  desktopMethods,
  progressChannel,
  type DesktopApi,
} from '../contract.ts'

/**
 * The renderer's whole view of the system, derived from the contract: every method forwards every argument
 * to main unchanged, except a function (a progress listener), which cannot cross IPC: it is sent as an id
 * and called back from main's progress events under that id. A refusal arrives with main's own words.
 */
let progressSeq = 0

function call(method: string, args: unknown[]): Promise<unknown> {
  const unsubscribe: (() => void)[] = []
  const wire = args.map((arg) => {
    if (typeof arg !== 'function') return arg
    const id = `p${++progressSeq}`
    const listener = (_event: IpcRendererEvent, message: { id?: string; percent?: number }) => {
      if (message?.id === id) arg(message.percent)
    }
    ipcRenderer.on(progressChannel, listener)
    unsubscribe.push(() => ipcRenderer.removeListener(progressChannel, listener))
    return id
  })
  return ipcRenderer
    .invoke(channelPrefix + method, ...wire)
    .catch((err: unknown) => Promise.reject(plainError(err)))
    .finally(() => unsubscribe.forEach((off) => off()))
}

/** Electron prefixes main's error messages with "Error invoking remote method '…': Error: "; not for people. */
function plainError(err: unknown): Error {
  const message = err instanceof Error ? err.message : String(err)
  return new Error(message.replace(/^Error invoking remote method '[^']+': (\w*Error: )?/, ''))
}

const api: Record<string, unknown> = { kind: 'desktop' }
for (const method of Object.keys(desktopMethods)) api[method] = (...args: unknown[]) => call(method, args)
for (const [name, { channel }] of Object.entries(desktopEvents)) {
  api[name] = (listener: (payload: unknown) => void) => {
    const wrapped = (_event: IpcRendererEvent, payload: unknown) => listener(payload)
    ipcRenderer.on(channel, wrapped)
    return () => void ipcRenderer.removeListener(channel, wrapped)
  }
}

contextBridge.exposeInMainWorld('meridian', api as unknown as DesktopApi)
