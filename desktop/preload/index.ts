import { contextBridge, ipcRenderer } from 'electron'
import type { DesktopApi, EditorSession, SyncStatus } from './api.d.ts'

/**
 * The renderer's whole view of the system: typed calls to main, nothing else. Channel names mirror
 * `desktop/main/api-handlers.ts` (kept as literals: a sandboxed preload bundles only what it needs).
 */
const invoke = (method: string, ...args: unknown[]) => ipcRenderer.invoke(`meridian:${method}`, ...args)

let progressSeq = 0
/** Functions cannot cross IPC: progress comes back as events tagged with a per-call id. */
async function withProgress<T>(
  onProgress: ((percent: number) => void) | undefined,
  call: (id: string | undefined) => Promise<T>,
) {
  if (!onProgress) return call(undefined)
  const id = `p${++progressSeq}`
  const listener = (_event: unknown, message: { id: string; percent: number }) => {
    if (message?.id === id) onProgress(message.percent)
  }
  ipcRenderer.on('meridian:event:progress', listener)
  try {
    return await call(id)
  } finally {
    ipcRenderer.removeListener('meridian:event:progress', listener)
  }
}

const api = {
  kind: 'desktop',
  listPosts: (query) => invoke('listPosts', query),
  getPost: (slug) => invoke('getPost', slug),
  savePost: (input) => invoke('savePost', input),
  deletePost: (slug) => invoke('deletePost', slug),
  uploadImage: (file, folder, onProgress) =>
    withProgress(onProgress, (id) => invoke('uploadImage', file, folder, id)),
  compressImage: (file, onProgress) => withProgress(onProgress, (id) => invoke('compressImage', file, id)),
  listConflicts: () => invoke('listConflicts'),
  resolveConflict: (slug, keep) => invoke('resolveConflict', slug, keep),
  getSession: () => invoke('getSession'),
  signIn: (email, password) => invoke('signIn', email, password),
  signOut: () => invoke('signOut'),
  getSyncStatus: () => invoke('getSyncStatus'),
  syncNow: () => invoke('syncNow'),
  onSyncStatus: (listener) => {
    const wrapped = (_event: unknown, status: SyncStatus) => listener(status)
    ipcRenderer.on('meridian:event:sync-status', wrapped)
    return () => void ipcRenderer.removeListener('meridian:event:sync-status', wrapped)
  },
  onSessionChange: (listener) => {
    const wrapped = (_event: unknown, session: EditorSession) => listener(session)
    ipcRenderer.on('meridian:event:session', wrapped)
    return () => void ipcRenderer.removeListener('meridian:event:session', wrapped)
  },
  listLeads: (query) => invoke('listLeads', query),
  checkEmailService: () => invoke('checkEmailService'),
  sendTestEmail: (to) => invoke('sendTestEmail', to),
  getSettings: () => invoke('getSettings'),
  saveSettings: (settings) => invoke('saveSettings', settings),
  openExternal: (url) => invoke('openExternal', url),
} satisfies DesktopApi

contextBridge.exposeInMainWorld('meridian', api)
