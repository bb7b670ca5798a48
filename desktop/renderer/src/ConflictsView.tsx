import { useState } from 'react'
import { toast } from 'sonner'
import { ConflictComparison } from '@shared/admin/ConflictComparison.tsx'
import type { ConflictChoice } from '@shared/admin/ConflictComparison.utils.ts'
import type { ConflictView, DesktopApi } from '../../contract.ts'
import { SyncIssuesSection } from './SyncIssuesSection.tsx'

const resolvedMessages: Record<ConflictChoice, (title: string) => string> = {
  mine: (title) => `Keeping your version of “${title}”: it is sent at the next sync.`,
  theirs: (title) => `Kept the server’s version of “${title}”; your changes were dropped.`,
  both: (title) => `Keeping both: your version of “${title}” becomes a copy with a new slug.`,
}

export function conflictTitle(conflict: ConflictView): string {
  return conflict.mine?.title || conflict.theirs?.title || 'Untitled post'
}

/**
 * Posts whose waiting edit lost a race with someone else's: one comparison each, so the editor sees both
 * versions before choosing. Nothing is sent for these posts until a choice is made.
 */
export function ConflictsView({
  api,
  conflicts,
  onResolved,
}: {
  api: DesktopApi
  conflicts: ConflictView[]
  onResolved(): void
}) {
  const [busy, setBusy] = useState<string | null>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})
  if (conflicts.length === 0) return null

  async function resolve(conflict: ConflictView, choice: ConflictChoice) {
    setBusy(conflict.postId)
    setErrors(({ [conflict.postId]: _old, ...rest }) => rest)
    try {
      await api.resolveConflict(conflict.postId, choice)
      toast.success(resolvedMessages[choice](conflictTitle(conflict)))
      onResolved()
    } catch (err) {
      setErrors((e) => ({ ...e, [conflict.postId]: err instanceof Error ? err.message : String(err) }))
    } finally {
      setBusy(null)
    }
  }

  return (
    <SyncIssuesSection
      id="sync-conflicts"
      title={`Conflicts (${conflicts.length})`}
      intro="These posts changed on the server while your edits waited to sync. Nothing is sent for them until you choose which version to keep."
      className="space-y-4"
    >
      {conflicts.map((conflict) => (
        <ConflictComparison
          key={conflict.postId}
          mine={conflict.mine}
          theirs={conflict.theirs}
          postTitle={conflictTitle(conflict)}
          theirsChangedAt={conflict.theirs?.updated_at ?? null}
          headingLevel="h3"
          busy={busy === conflict.postId}
          error={errors[conflict.postId] ?? null}
          onChoose={(choice) => void resolve(conflict, choice)}
        />
      ))}
    </SyncIssuesSection>
  )
}
