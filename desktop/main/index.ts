import { app, BrowserWindow, ipcMain, net, protocol, safeStorage, session, shell } from 'electron'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { desktopEvents } from '../contract.ts'
import { appEntryUrl, appScheme, createAppProtocolHandler } from './app-protocol.ts'
import { registerIpc } from './ipc.ts'
import { isAppUrl, isSafeExternalUrl, rendererCsp } from './security.ts'
import { openDesktopMain, type DesktopMain } from './desktop-main.ts'
import { FileSecretStore, MemorySecretStore, type SecretStore } from './services/session.ts'

/**
 * Electron glue only: the window, its security settings and the wiring of main's operations to IPC. All
 * behaviour lives in `desktop-main.ts`, `services/` and `api-handlers.ts`, tested under Node without a window.
 */
const here = path.dirname(fileURLToPath(import.meta.url))
const devServerUrl = process.env.ELECTRON_RENDERER_URL
/** The packaged renderer comes from `app://meridian/` (see app-protocol.ts); `desktop:dev` uses the dev server. */
const appUrl = devServerUrl ?? appEntryUrl
const rendererDir = path.join(here, '../renderer')

// Must happen before `ready`: app:// behaves like https (standard URL parsing, a secure context, fetch).
protocol.registerSchemesAsPrivileged([
  { scheme: appScheme, privileges: { standard: true, secure: true, supportFetchAPI: true } },
])

// A separate profile (tests, a second account): must be set before the app is ready.
if (process.env.MERIDIAN_USER_DATA) app.setPath('userData', process.env.MERIDIAN_USER_DATA)

let mainWindow: BrowserWindow | null = null
let desktop: DesktopMain | null = null

/** Tokens are encrypted with the OS keychain; where none exists they stay in memory (sign in each launch). */
function secretStore(): SecretStore {
  if (!safeStorage.isEncryptionAvailable()) return new MemorySecretStore()
  return new FileSecretStore(path.join(app.getPath('userData'), 'secrets'), {
    encrypt: (text) => safeStorage.encryptString(text),
    decrypt: (data) => safeStorage.decryptString(data),
  })
}

function createWindow() {
  const win = new BrowserWindow({
    width: 1280,
    height: 860,
    title: 'Meridian Editor',
    show: false,
    icon: path.join(here, '../../resources/icon.png'),
    webPreferences: {
      preload: path.join(here, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: true,
    },
  })
  win.once('ready-to-show', () => win.show())

  // No new windows; http(s) links go to the system browser after the same check as `openExternal`.
  win.webContents.setWindowOpenHandler(({ url }) => {
    if (isSafeExternalUrl(url)) void shell.openExternal(url)
    return { action: 'deny' }
  })
  win.webContents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url, appUrl)) event.preventDefault()
  })
  win.webContents.on('will-attach-webview', (event) => event.preventDefault())
  win.on('focus', () => void desktop?.engine.syncNow().catch(() => {}))
  win.on('closed', () => {
    mainWindow = null
  })

  void win.loadURL(appUrl)
  return win
}

async function start() {
  await app.whenReady()

  const csp = rendererCsp({ devServerOrigin: devServerUrl ? new URL(devServerUrl).origin : undefined })
  // Serves only files inside out/renderer (traversal refused, 404 otherwise), with the CSP as a header.
  protocol.handle(appScheme, createAppProtocolHandler({ rootDir: rendererDir, csp }))
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [csp] } })
  })
  // The app asks for no permissions (camera, notifications, …): refuse them all.
  session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false))

  desktop = await openDesktopMain({
    userDataDir: app.getPath('userData'),
    secrets: secretStore(),
    isNetworkUp: () => net.isOnline(),
    // Updates install only into a packaged app (electron-updater knows where it was installed from).
    updater: app.isPackaged ? (await import('electron-updater')).default.autoUpdater : null,
    appVersion: app.getVersion(),
    openExternal: (url) => shell.openExternal(url),
    onUpdate: (state) => {
      if (mainWindow && !mainWindow.isDestroyed())
        mainWindow.webContents.send(desktopEvents.onUpdateState.channel, state)
    },
    onStatus: (status) => {
      if (mainWindow && !mainWindow.isDestroyed())
        mainWindow.webContents.send(desktopEvents.onSyncStatus.channel, status)
    },
    onSession: (state) => {
      if (mainWindow && !mainWindow.isDestroyed())
        mainWindow.webContents.send(desktopEvents.onSessionChange.channel, state)
    },
  })
  registerIpc(ipcMain, desktop, { window: () => mainWindow?.webContents ?? null, appUrl })
  mainWindow = createWindow()
  desktop.start()
  // Updates: at start, then every four hours (off unless the site publishes its releases).
  void desktop.updates.check()
  setInterval(() => void desktop?.updates.check(), 4 * 60 * 60_000).unref()

  // Main has no "online" event: poll the OS network state and send the outbox as soon as it comes back,
  // instead of waiting out a retry backoff that may have grown to minutes.
  let wasOnline = net.isOnline()
  setInterval(() => {
    const online = net.isOnline()
    if (online && !wasOnline) void desktop?.engine.retryNow().catch(() => {})
    wasOnline = online
  }, 5000).unref()

  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) mainWindow = createWindow()
  })
}

app.on('web-contents-created', (_event, contents) => {
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url, appUrl)) event.preventDefault()
  })
  contents.setWindowOpenHandler(() => ({ action: 'deny' }))
})

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit()
})

let quitting = false
app.on('before-quit', (event) => {
  if (quitting || !desktop) return
  // Close the offline store cleanly (it holds the outbox) before the process exits.
  event.preventDefault()
  quitting = true
  void desktop.close().finally(() => app.quit())
})

if (!app.requestSingleInstanceLock()) app.quit()
else {
  app.on('second-instance', () => {
    if (mainWindow) {
      if (mainWindow.isMinimized()) mainWindow.restore()
      mainWindow.focus()
    }
  })
  start().catch((err: unknown) => {
    console.error(err)
    app.exit(1)
  })
}
