import { Download, MonitorDown } from 'lucide-react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/Card.tsx'
import {
  detectPlatform,
  downloadsFor,
  downloadUrl,
  platformNames,
  type DesktopPlatform,
} from './desktop-downloads.ts'

export interface DesktopDownloadsProps {
  /** Where the site publishes the desktop app's releases (`/config.json` `desktopReleasesUrl`). */
  releasesUrl: string | null
  /** The editor's platform; the browser's user agent decides when not given. */
  platform?: DesktopPlatform | null
}

/**
 * Downloads: the desktop editor for the editor's own platform first, then every other installer of the
 * newest release. Links open in the browser (in the desktop app, in the system browser).
 */
export function DesktopDownloads({ releasesUrl, platform }: DesktopDownloadsProps) {
  const mine =
    platform !== undefined
      ? platform
      : typeof navigator === 'undefined'
        ? null
        : detectPlatform(navigator.userAgent)
  const [first, ...rest] = downloadsFor(mine)
  return (
    <Card aria-labelledby="desktop-downloads-title">
      <CardHeader>
        <CardTitle as="h2" id="desktop-downloads-title" className="flex items-center gap-2 text-lg">
          <MonitorDown className="size-5 text-indigo-600" aria-hidden="true" />
          Downloads
        </CardTitle>
        <CardDescription>
          The desktop editor works offline, compresses images on your computer and syncs with this site. It
          updates itself when a new version is released.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {!releasesUrl ? (
          <p className="text-sm text-slate-600" data-testid="downloads-unpublished">
            This site does not publish desktop installers yet. An administrator sets{' '}
            <code className="rounded bg-slate-100 px-1">DESKTOP_RELEASES_URL</code> once the release workflow
            has published a version.
          </p>
        ) : (
          <div className="space-y-4">
            {mine && first.platform === mine && (
              <a
                href={downloadUrl(releasesUrl, first)}
                target="_blank"
                rel="noreferrer"
                data-testid="download-primary"
                className="inline-flex h-11 items-center gap-2 rounded-md bg-indigo-600 px-5 text-sm font-semibold text-white hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
              >
                <Download className="size-4" aria-hidden="true" />
                Download for {first.label}
              </a>
            )}
            <ul className="grid gap-2 sm:grid-cols-2" aria-label={mine ? 'Other platforms' : 'Installers'}>
              {(mine && first.platform === mine ? rest : [first, ...rest]).map((d) => (
                <li key={d.file}>
                  <a
                    href={downloadUrl(releasesUrl, d)}
                    target="_blank"
                    rel="noreferrer"
                    className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-800 hover:border-indigo-300 hover:bg-indigo-50/40 focus-visible:outline-2 focus-visible:outline-indigo-600"
                  >
                    <span>
                      <span className="font-medium">{d.label}</span>
                      <span className="block text-xs text-slate-500">{d.file}</span>
                    </span>
                    <Download className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
                  </a>
                </li>
              ))}
            </ul>
            {!mine && (
              <p className="text-xs text-slate-500">
                The desktop editor runs on {Object.values(platformNames).join(', ')}.
              </p>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  )
}
