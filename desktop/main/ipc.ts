import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron'
import {
  argumentSchemas,
  channelPrefix,
  dispatchDesktopCall,
  type createDesktopHandlers,
} from './api-handlers.ts'
import { isAppUrl } from './security.ts'

/**
 * The one IPC surface: `meridian:<method>` for every method of `window.meridian`. Each call is checked
 * for its sender (the app's own window showing the app's own page) before its arguments are validated.
 */
export function registerIpc(
  ipcMain: IpcMain,
  handlers: ReturnType<typeof createDesktopHandlers>,
  trusted: { window: () => WebContents | null; appUrl: string },
): () => void {
  const isTrusted = (event: IpcMainInvokeEvent) => {
    const own = trusted.window()
    const frameUrl = event.senderFrame?.url ?? ''
    return (
      own !== null &&
      event.sender.id === own.id &&
      event.senderFrame === own.mainFrame &&
      isAppUrl(frameUrl, trusted.appUrl)
    )
  }
  const channels = Object.keys(argumentSchemas)
  for (const method of channels) {
    ipcMain.handle(channelPrefix + method, async (event, ...args: unknown[]) => {
      if (!isTrusted(event)) throw new Error('This request did not come from the Meridian window.')
      return dispatchDesktopCall(handlers, method, args, (channel, payload) => {
        if (!event.sender.isDestroyed()) event.sender.send(channel, payload)
      })
    })
  }
  return () => channels.forEach((method) => ipcMain.removeHandler(channelPrefix + method))
}
