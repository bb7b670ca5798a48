import { useEffect, useState, type FormEvent } from 'react'
import { AdminScreen } from '@shared/admin/AdminScreen.tsx'
import { Button } from '@shared/ui/Button.tsx'
import { Input } from '@shared/ui/Input.tsx'
import { Label } from '@shared/ui/Label.tsx'
import type { DesktopApi, DesktopSettings } from '../../contract.ts'

/** The connection: one site address. Main reads `<address>/config.json` for the backend URL and public key. */
export function SettingsScreen({
  api,
  onSaved,
}: {
  api: DesktopApi
  onSaved?: (settings: DesktopSettings) => void
}) {
  const [settings, setSettings] = useState<DesktopSettings | null>(null)
  const [siteUrl, setSiteUrl] = useState('')
  const [saving, setSaving] = useState(false)

  useEffect(() => {
    void api.getSettings().then((s) => {
      setSettings(s)
      setSiteUrl(s.siteUrl)
    })
  }, [api])

  async function save(event: FormEvent) {
    event.preventDefault()
    setSaving(true)
    try {
      const s = await api.saveSettings({ siteUrl })
      setSettings(s)
      onSaved?.(s)
    } catch (err) {
      setSettings(
        (prev) =>
          prev && {
            ...prev,
            connected: false,
            connectionError: err instanceof Error ? err.message : String(err),
          },
      )
    } finally {
      setSaving(false)
    }
  }

  return (
    <AdminScreen id="settings" title="Connection" className="max-w-xl space-y-6">
      <form onSubmit={(e) => void save(e)} className="space-y-3">
        <Label htmlFor="site-url">Site address</Label>
        <Input
          id="site-url"
          type="url"
          value={siteUrl}
          onChange={(e) => setSiteUrl(e.target.value)}
          placeholder="http://localhost:8080"
          aria-describedby="site-url-hint"
        />
        <p id="site-url-hint" className="text-sm text-slate-600">
          The address of the Meridian site. The app reads its public configuration (/config.json) to find the
          backend. Leave http://localhost:8080 to work with the local server started by <code>npm start</code>
          .
        </p>
        <Button type="submit" disabled={saving}>
          {saving ? 'Connecting...' : 'Save and connect'}
        </Button>
      </form>
      {settings && (
        <p
          role="status"
          data-testid="connection-state"
          className={settings.connected ? 'text-emerald-700' : 'text-red-700'}
        >
          {settings.connected
            ? `Connected to ${settings.siteUrl}`
            : `Not connected: ${settings.connectionError ?? 'unknown reason'}`}
        </p>
      )}
    </AdminScreen>
  )
}
