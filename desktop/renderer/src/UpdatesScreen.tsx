import { RefreshCw, RotateCw } from 'lucide-react'
import { useEffect, useState } from 'react'
import { AdminScreen } from '@shared/admin/AdminScreen.tsx'
import { DesktopDownloads } from '@shared/admin/DesktopDownloads.tsx'
import { Button } from '@shared/ui/Button.tsx'
import { ProgressBar } from '@shared/ui/ProgressBar.tsx'
import type { DesktopApi, UpdateState } from '../../contract.ts'

/** What the update state says, in words. */
export function describeUpdate(state: UpdateState): string {
  switch (state.status) {
    case 'off':
      return state.releasesUrl
        ? `Version ${state.currentVersion}. This copy was not installed from a release, so it does not update itself.`
        : `Version ${state.currentVersion}. Updates are off: the connected site does not publish desktop releases.`
    case 'idle':
      return `Version ${state.currentVersion}.`
    case 'checking':
      return `Version ${state.currentVersion}. Checking for a newer version…`
    case 'current':
      return `Version ${state.currentVersion} is the newest.`
    case 'downloading':
      return `Downloading version ${state.version ?? 'new'}…`
    case 'ready':
      return `Version ${state.version} is ready to install.`
    case 'error':
      return state.message ?? 'The update check failed.'
  }
}

/**
 * Downloads and updates in the desktop app: the version running, a newer one downloading or ready
 * ("Restart to update", which main refuses while changes wait or a save is being written, saying why),
 * and the installers for other computers.
 */
export function UpdatesScreen({ api }: { api: DesktopApi }) {
  const [state, setState] = useState<UpdateState | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    let active = true
    void api.getUpdateState().then((s) => active && setState(s))
    const unsubscribe = api.onUpdateState((s) => active && setState(s))
    return () => {
      active = false
      unsubscribe()
    }
  }, [api])

  async function run(action: () => Promise<UpdateState>) {
    setBusy(true)
    try {
      setState(await action())
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="space-y-6">
      <AdminScreen id="updates" title="Updates" className="space-y-3">
        {state && (
          <>
            <p className="text-slate-700" data-testid="update-state">
              {describeUpdate(state)}
            </p>
            {state.status === 'downloading' && state.percent !== null && (
              <ProgressBar value={state.percent} label="Downloading the update" />
            )}
            {state.message && state.status !== 'error' && (
              <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
                {state.message}
              </p>
            )}
            <div className="flex flex-wrap gap-2">
              {state.status === 'ready' ? (
                <Button disabled={busy} onClick={() => void run(() => api.restartToUpdate())}>
                  <RotateCw className="size-4" aria-hidden="true" /> Restart to update
                </Button>
              ) : (
                state.status !== 'off' && (
                  <Button
                    variant="outline"
                    disabled={busy || state.status === 'checking' || state.status === 'downloading'}
                    onClick={() => void run(() => api.checkForUpdates())}
                  >
                    <RefreshCw className="size-4" aria-hidden="true" /> Check for updates
                  </Button>
                )
              )}
            </div>
          </>
        )}
      </AdminScreen>
      <DesktopDownloads releasesUrl={state?.releasesUrl ?? null} />
    </div>
  )
}
