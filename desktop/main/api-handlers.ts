import { z } from 'zod'
import { blogInputSchema } from '../../shared/schemas/blog.ts'
import type { DesktopApi } from '../preload/api.d.ts'
import { isSafeExternalUrl } from './security.ts'
import type { DesktopBackend } from './services/desktop-backend.ts'

/**
 * The typed IPC surface, with no Electron in it: for each `window.meridian` method, a zod schema for its
 * arguments and the main-process handler. `desktop/main/ipc.ts` wires it to `ipcMain` (after checking the
 * sender); the end-to-end test wires it to `page.exposeBinding`. Either way the same validation runs.
 */

/** Methods that cross the bridge (the preload adds `kind` and `onSyncStatus` itself). */
export type DesktopMethod = Exclude<keyof DesktopApi, 'kind' | 'onSyncStatus' | 'onSessionChange'>

export const channelPrefix = 'meridian:'
export const syncStatusChannel = 'meridian:event:sync-status'
export const progressChannel = 'meridian:event:progress'
export const sessionChannel = 'meridian:event:session'

const slug = z.string().trim().min(1).max(200)
const imageFile = z.object({
  bytes: z
    .instanceof(Uint8Array)
    .refine((b) => b.byteLength > 0 && b.byteLength <= 50 * 1024 * 1024, 'Images up to 50 MB can be used.'),
  name: z.string().max(500),
  type: z.string().max(100),
})
const compressedImage = z.object({
  bytes: z
    .instanceof(Uint8Array)
    .refine(
      (b) => b.byteLength > 0 && b.byteLength <= 10 * 1024 * 1024,
      'Compressed images up to 10 MB can be uploaded.',
    ),
  extension: z.string().regex(/^[a-z0-9]{1,5}$/, 'Unsupported file extension.'),
  contentType: z.string().regex(/^image\/[a-z0-9.+-]+$/, 'The file given is not an image'),
  width: z.number().int().min(0),
  height: z.number().int().min(0),
})
/** Progress is reported on `progressChannel` under this id (functions cannot cross the bridge). */
const progressId = z.string().max(100).optional()

export const argumentSchemas = {
  listPosts: z.tuple([
    z.object({
      search: z.string().max(200).optional(),
      ascending: z.boolean().optional(),
      page: z.number().int().min(1).max(100_000).optional(),
      pageSize: z.number().int().min(1).max(1000).optional(),
    }),
  ]),
  getPost: z.tuple([slug]),
  savePost: z.tuple([
    blogInputSchema,
    z
      .union([
        z.object({ mode: z.literal('create') }),
        z.object({ mode: z.literal('update'), id: z.string().max(200).optional() }),
      ])
      .optional(),
  ]),
  deletePost: z.tuple([slug]),
  uploadImage: z.tuple([compressedImage, z.enum(['blog-covers', 'blog-content']), progressId]),
  compressImage: z.tuple([imageFile, progressId]),
  listConflicts: z.tuple([]),
  resolveConflict: z.tuple([slug, z.enum(['mine', 'theirs'])]),
  getSession: z.tuple([]),
  signIn: z.tuple([
    z.string().trim().min(1, 'Enter your email.').max(254),
    z.string().min(1, 'Enter your password.').max(1000),
  ]),
  signOut: z.tuple([]),
  getSyncStatus: z.tuple([]),
  syncNow: z.tuple([]),
  listLeads: z.tuple([
    z.object({
      search: z.string().max(200).optional(),
      page: z.number().int().min(1).max(100_000).optional(),
    }),
  ]),
  checkEmailService: z.tuple([]),
  sendTestEmail: z.tuple([z.string().max(254)]),
  getSettings: z.tuple([]),
  saveSettings: z.tuple([
    z.object({ siteUrl: z.string().trim().min(1, 'Enter the site address.').max(2000) }),
  ]),
  openExternal: z.tuple([z.string().max(4000)]),
} satisfies Record<DesktopMethod, z.ZodTuple>

export type Notify = (channel: string, payload: unknown) => void

export class InvalidCallError extends Error {}

type Handlers = {
  [M in DesktopMethod]: (
    args: z.infer<(typeof argumentSchemas)[M]>,
    notify: Notify,
  ) => ReturnType<DesktopApi[M]>
}

/** The handlers behind every method, given the backend and how to open a checked external link. */
export function createDesktopHandlers(
  backend: DesktopBackend,
  openExternal: (url: string) => Promise<void>,
): Handlers {
  const progress = (notify: Notify, id: string | undefined) =>
    id ? (percent: number) => notify(progressChannel, { id, percent }) : undefined
  return {
    listPosts: ([query]) => backend.engine.listPosts(query),
    getPost: ([s]) => backend.engine.getPost(s),
    savePost: ([input, target]) => backend.engine.savePost(input, target),
    deletePost: ([s]) => backend.engine.deletePost(s),
    uploadImage: ([file, folder, id], notify) => backend.uploadImage(file, folder, progress(notify, id)),
    compressImage: ([file, id], notify) => backend.compressImage(file, progress(notify, id)),
    listConflicts: () => backend.listConflicts(),
    resolveConflict: ([s, keep]) => backend.engine.resolveConflict(s, keep),
    getSession: () => backend.getSession(),
    signIn: ([email, password]) => backend.signIn(email, password),
    signOut: () => backend.signOut(),
    getSyncStatus: () => backend.engine.status(),
    syncNow: () => backend.engine.retryNow(),
    listLeads: ([query]) => backend.listLeads(query),
    checkEmailService: () => backend.checkEmailService(),
    sendTestEmail: ([to]) => backend.sendTestEmail(to),
    getSettings: () => backend.getSettings(),
    saveSettings: ([settings]) => backend.saveSettings(settings.siteUrl),
    openExternal: async ([url]) => {
      if (!isSafeExternalUrl(url)) throw new InvalidCallError('Only http and https links can be opened.')
      await openExternal(url)
    },
  }
}

export function isDesktopMethod(name: string): name is DesktopMethod {
  return Object.hasOwn(argumentSchemas, name)
}

/** Validates the arguments of one call and runs its handler. Bad input is refused with a clear message. */
export async function dispatchDesktopCall(
  handlers: Handlers,
  method: string,
  args: unknown[],
  notify: Notify,
): Promise<unknown> {
  if (!isDesktopMethod(method)) throw new InvalidCallError(`Unknown desktop call “${method}”.`)
  const parsed = argumentSchemas[method].safeParse(args)
  if (!parsed.success) {
    throw new InvalidCallError(
      `Invalid arguments for ${method}: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'arguments'}: ${i.message}`).join('; ')}`,
    )
  }
  const handler = handlers[method] as (args: unknown, notify: Notify) => Promise<unknown>
  return handler(parsed.data, notify)
}
