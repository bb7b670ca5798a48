/**
 * The desktop app's installers as the release workflow publishes them (electron-builder.yml gives each
 * target these fixed names, so `<releases>/latest/download/<file>` is always the newest). One list for the
 * Downloads section of the browser admin and of the desktop app; desktop/main/release.test.ts checks it
 * against electron-builder.yml.
 */
export type DesktopPlatform = 'mac' | 'windows' | 'linux'

export interface DesktopDownload {
  platform: DesktopPlatform
  label: string
  file: string
}

export const desktopDownloads: DesktopDownload[] = [
  { platform: 'mac', label: 'macOS (Apple silicon)', file: 'Meridian-Editor-mac-arm64.dmg' },
  { platform: 'mac', label: 'macOS (Intel)', file: 'Meridian-Editor-mac-x64.dmg' },
  { platform: 'windows', label: 'Windows', file: 'Meridian-Editor-windows.exe' },
  { platform: 'linux', label: 'Linux (AppImage)', file: 'Meridian-Editor-linux.AppImage' },
  { platform: 'linux', label: 'Linux (Debian, Ubuntu)', file: 'Meridian-Editor-linux.deb' },
]

export const platformNames: Record<DesktopPlatform, string> = {
  mac: 'macOS',
  windows: 'Windows',
  linux: 'Linux',
}

/** The editor's platform from the browser's user agent (null: a phone, a tablet or something unknown). */
export function detectPlatform(userAgent: string): DesktopPlatform | null {
  if (/iPhone|iPad|iPod|Android/i.test(userAgent)) return null
  if (/Mac OS X|Macintosh/i.test(userAgent)) return 'mac'
  if (/Windows/i.test(userAgent)) return 'windows'
  if (/Linux|X11|CrOS/i.test(userAgent)) return 'linux'
  return null
}

/** The address of an installer in the newest release. */
export function downloadUrl(releasesUrl: string, download: DesktopDownload): string {
  return `${releasesUrl.replace(/\/+$/, '')}/${download.file}`
}

/** The editor's platform's installers first, then the rest. */
export function downloadsFor(platform: DesktopPlatform | null): DesktopDownload[] {
  return [...desktopDownloads].sort(
    (a, b) => Number(b.platform === platform) - Number(a.platform === platform),
  )
}
