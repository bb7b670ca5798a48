import { useEffect, useState } from 'react'
import { Alert } from '@shared/ui/Alert.tsx'
import { Button } from '@shared/ui/Button.tsx'
import type { ConflictView, DesktopApi } from '../../preload/api.d.ts'

/**
 * Posts changed on the server after the editor's offline edit began. Both versions are kept; the editor
 * chooses. Shown above the admin whenever there is at least one.
 */
export function ConflictsPanel({
  api,
  refreshKey,
  onResolved,
}: {
  api: DesktopApi
  refreshKey: number
  onResolved: () => void
}) {
  const [conflicts, setConflicts] = useState<ConflictView[]>([])
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    let active = true
    void api.listConflicts().then((c) => active && setConflicts(c))
    return () => {
      active = false
    }
  }, [api, refreshKey])

  if (conflicts.length === 0) return null
  async function resolve(slug: string, keep: 'mine' | 'theirs') {
    try {
      await api.resolveConflict(slug, keep)
      setConflicts((list) => list.filter((c) => c.slug !== slug))
      setError(null)
      onResolved()
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err))
    }
  }
  return (
    <Alert
      variant="info"
      className="border-amber-300 bg-amber-50 text-amber-900"
      title="Changed on the server while you were editing"
      data-testid="conflicts"
    >
      <ul className="mt-2 space-y-3">
        {conflicts.map((c) => (
          <li key={c.slug} className="flex flex-wrap items-center gap-3">
            <span className="min-w-0 flex-1">
              <strong>{c.slug}</strong>: yours “{c.mine?.title ?? 'deleted'}”, on the server “
              {c.theirs?.title ?? 'deleted'}”
              {c.theirs?.updated_at ? ` (changed ${new Date(c.theirs.updated_at).toLocaleString()})` : ''}
            </span>
            <Button size="sm" onClick={() => void resolve(c.slug, 'mine')}>
              Keep mine
            </Button>
            <Button size="sm" variant="outline" onClick={() => void resolve(c.slug, 'theirs')}>
              Keep theirs
            </Button>
          </li>
        ))}
      </ul>
      {error && <p className="mt-2 text-red-700">{error}</p>}
    </Alert>
  )
}
