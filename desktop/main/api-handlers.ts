import {
  desktopMethods,
  isDesktopMethod,
  progressChannel,
  wireSchema,
  type DesktopMethod,
  type HandlerArgs,
  type MethodResult,
} from '../contract.ts'
import { isSafeExternalUrl } from './security.ts'
import type { DesktopBackend } from './services/desktop-backend.ts'

/**
 * Main's side of the desktop seam (`desktop/contract.ts`), with no Electron in it: one handler per method.
 * `desktop/main/ipc.ts` wires them to `ipcMain` (after checking the sender); the end-to-end test wires them
 * to the page through the built preload. Either way the contract's validation runs first.
 */

export type Notify = (channel: string, payload: unknown) => void

export class InvalidCallError extends Error {}

export type Handlers = {
  [M in DesktopMethod]: (args: HandlerArgs<M>, notify: Notify) => Promise<MethodResult<M>>
}

/** The handlers behind every method, given the backend and how to open a checked external link. */
export function createDesktopHandlers(
  backend: DesktopBackend,
  openExternal: (url: string) => Promise<void>,
): Handlers {
  const progress = (notify: Notify, id: string | undefined) =>
    id ? (percent: number) => notify(progressChannel, { id, percent }) : undefined
  const { engine } = backend
  return {
    listPosts: async ([query]) => engine.listPosts(query),
    getPost: async ([slug]) => engine.getPost(slug),
    savePost: async ([input, target]) => engine.savePost(input, target),
    deletePost: async ([id, version]) => engine.deletePost(id, version),
    uploadImage: async ([file, folder, id], notify) =>
      backend.uploadImage(file, folder, progress(notify, id)),
    compressImage: async ([file, id], notify) => backend.compressImage(file, progress(notify, id)),
    listConflicts: async () => engine.conflicts(),
    resolveConflict: async ([id, keep]) => engine.resolveConflict(id, keep),
    listAttention: async () => engine.attention(),
    discardChange: async ([id]) => engine.discardChange(id),
    listRevisions: async ([id]) => backend.listRevisions(id),
    getRevision: async ([id]) => backend.getRevision(id),
    createPreviewLink: async ([request]) => backend.createPreviewLink(request),
    getSession: async () => backend.getSession(),
    signIn: async ([email, password]) => backend.signIn(email, password),
    signOut: async () => backend.signOut(),
    acceptEmailLink: async ([link, password]) => backend.acceptEmailLink(link, password),
    getSyncStatus: async () => engine.status(),
    syncNow: async () => engine.retryNow(),
    listLeads: async ([query]) => backend.listLeads(query),
    updateLead: async ([id, patch]) => backend.updateLead(id, patch),
    exportLeadsCsv: async ([filters]) => backend.exportLeadsCsv(filters),
    listLeadOwners: async () => backend.listLeadOwners(),
    loadInsights: async ([days]) => backend.loadInsights(days),
    checkEmailService: async () => backend.checkEmailService(),
    listPeople: async () => backend.listPeople(),
    invitePerson: async ([input]) => backend.invitePerson(input),
    changePersonRole: async ([userId, role]) => backend.changePersonRole(userId, role),
    removePerson: async ([userId]) => backend.removePerson(userId),
    requestPasswordReset: async ([email]) => backend.requestPasswordReset(email),
    sendTestEmail: async ([to]) => backend.sendTestEmail(to),
    getNewsletterStatus: async ([slug]) => backend.getNewsletterStatus(slug),
    sendNewsletter: async ([slug]) => backend.sendNewsletter(slug),
    sendNewsletterTest: async ([slug]) => backend.sendNewsletterTest(slug),
    listNewsletterSends: async () => backend.listNewsletterSends(),
    listSubscribers: async ([query]) => backend.listSubscribers(query),
    exportSubscribersCsv: async ([query]) => backend.exportSubscribersCsv(query),
    removeSubscriber: async ([id]) => backend.removeSubscriber(id),
    getSettings: async () => backend.getSettings(),
    saveSettings: async ([settings]) => backend.saveSettings(settings.siteUrl),
    openExternal: async ([url]) => {
      if (!isSafeExternalUrl(url)) throw new InvalidCallError('Only http and https links can be opened.')
      await openExternal(url)
    },
    getUpdateState: async () => backend.updates.current(),
    checkForUpdates: async () => backend.updates.check(),
    restartToUpdate: async () => backend.updates.restart(),
  }
}

/** Every method of the contract, for registering one channel each. */
export const methodNames = Object.keys(desktopMethods) as DesktopMethod[]

/** Validates the arguments of one call and runs its handler. Bad input is refused with a clear message. */
export async function dispatchDesktopCall(
  handlers: Handlers,
  method: string,
  args: unknown[],
  notify: Notify,
): Promise<unknown> {
  if (!isDesktopMethod(method)) throw new InvalidCallError(`Unknown desktop call “${method}”.`)
  const parsed = wireSchema(method).safeParse(args)
  if (!parsed.success) {
    throw new InvalidCallError(
      `Invalid arguments for ${method}: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'arguments'}: ${i.message}`).join('; ')}`,
    )
  }
  const handler = handlers[method] as (args: unknown, notify: Notify) => Promise<unknown>
  return handler(parsed.data, notify)
}
