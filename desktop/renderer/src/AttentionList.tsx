import { longDateTime } from '@shared/lib/dates.ts'
import { TriangleAlert } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'
import { Button } from '@shared/ui/Button.tsx'
import type { AttentionItem, AttentionReason, DesktopApi } from '../../contract.ts'
import { SyncIssuesSection } from './SyncIssuesSection.tsx'
import { ErrorText } from '@shared/ui/Alert.tsx'

/** What the editor can do about each refusal. */
const nextSteps: Record<AttentionReason, { edit: string; remove: string }> = {
  slug_taken: {
    edit: 'Choose another slug, then save again.',
    remove: 'Discard the delete to keep the post.',
  },
  invalid_input: {
    edit: 'Correct the post, then save again.',
    remove: 'Discard the delete to keep the post.',
  },
  not_allowed: {
    edit: 'Sign in with an editor account, then save again.',
    remove: 'Sign in with an editor account and delete it again, or discard the delete.',
  },
}

/**
 * Changes the server refused (a slug someone else took, a field it would not accept, no permission): each
 * waits here with the reason in words until the editor opens it to fix and save again, or discards it.
 */
export function AttentionList({
  api,
  items,
  onEdit,
  onDiscarded,
}: {
  api: DesktopApi
  items: AttentionItem[]
  /** Opens the refused version in the post form. */
  onEdit(item: AttentionItem): void
  onDiscarded(): void
}) {
  const [busy, setBusy] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  if (items.length === 0) return null

  async function discard(item: AttentionItem) {
    const name = item.title || item.slug
    if (!window.confirm(`Discard your change to “${name}”? The post stays as it is on the server.`)) return
    setBusy(item.postId)
    setError(null)
    try {
      await api.discardChange(item.postId)
      toast.success(`Discarded your change to “${name}”.`)
      onDiscarded()
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err))
    } finally {
      setBusy(null)
    }
  }

  return (
    <SyncIssuesSection
      id="sync-attention"
      title={`Needs attention (${items.length})`}
      intro="The server refused these changes. Each waits here until you fix it and save again, or discard it."
      className="space-y-3"
    >
      <ul className="divide-y divide-red-100 overflow-hidden rounded-xl border border-red-200 bg-white shadow-sm">
        {items.map((item) => {
          const name = item.title || item.slug
          return (
            <li
              key={item.postId}
              className="flex flex-wrap items-start gap-x-4 gap-y-3 px-5 py-4"
              data-testid="attention-item"
            >
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-600" />
              <div className="min-w-0 flex-1 space-y-1">
                <h3 className="font-semibold text-slate-900">
                  {name} <span className="font-mono text-xs font-normal text-slate-500">/{item.slug}</span>
                </h3>
                <p className="text-sm text-red-800">
                  <span className="font-medium">
                    {item.mine ? 'Not saved on the server: ' : 'Not deleted on the server: '}
                  </span>
                  {item.message}
                </p>
                <p className="text-sm text-slate-700">
                  {item.mine ? nextSteps[item.reason].edit : nextSteps[item.reason].remove}
                </p>
                <p className="text-xs text-slate-500">
                  Refused <time dateTime={item.detectedAt}>{longDateTime(item.detectedAt)}</time>
                </p>
              </div>
              <div className="flex shrink-0 gap-2">
                {item.mine && (
                  <Button
                    size="sm"
                    onClick={() => onEdit(item)}
                    disabled={busy === item.postId}
                    aria-label={`Edit and retry “${name}”`}
                  >
                    Edit and retry
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => void discard(item)}
                  disabled={busy === item.postId}
                  aria-label={`Discard change to “${name}”`}
                >
                  Discard change
                </Button>
              </div>
            </li>
          )
        })}
      </ul>
      <ErrorText message={error} className="font-medium" />
    </SyncIssuesSection>
  )
}
