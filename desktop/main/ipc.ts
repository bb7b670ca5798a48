import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron'
import { channelPrefix, type DesktopOperations } from '../contract.ts'
import { dispatchDesktopCall, methodNames } from './api-handlers.ts'
import { isAppUrl } from './security.ts'

/**
 * The one IPC surface: `meridian:<method>` for every method of `window.meridian`. Each call is checked
 * for its sender (the app's own window showing the app's own page) before its arguments are validated.
 */
export function registerIpc(
  ipcMain: IpcMain,
  operations: DesktopOperations,
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
  for (const method of methodNames) {
    ipcMain.handle(channelPrefix + method, async (event, ...args: unknown[]) => {
      if (!isTrusted(event)) throw new Error('This request did not come from the Meridian window.')
      return dispatchDesktopCall(operations, method, args, (channel, payload) => {
        if (!event.sender.isDestroyed()) event.sender.send(channel, payload)
      })
    })
  }
  return () => methodNames.forEach((method) => ipcMain.removeHandler(channelPrefix + method))
}
