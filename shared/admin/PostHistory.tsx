import { History, RotateCcw, X } from 'lucide-react'
import { useEffect, useId, useMemo, useState } from 'react'
import type { Revision, RevisionSummary } from '../data/revisions.ts'
import { Alert } from '../ui/Alert.tsx'
import { Badge } from '../ui/Badge.tsx'
import { Button } from '../ui/Button.tsx'
import { cx } from '../ui/cx.ts'
import { Loading } from '../ui/Spinner.tsx'
import type { FieldDisplay } from './ConflictComparison.utils.ts'
import { bodyChanges, changedFieldRows, inOrder, savedByLine } from './PostHistory.utils.ts'
import { useAdminApi } from './useAdminApi.ts'
import { countOf } from '../lib/plural.ts'
import { RenderedDiff } from './RenderedDiff.tsx'

export interface PostHistoryProps {
  postId: string
  /** The version the editor has open: marked "Current", and not offered for restoring. */
  currentVersion: number
  /** Restores a revision (the form saves its fields over the current version). */
  onRestore(revision: Revision): void
  onClose(): void
  /** A restore is being saved. */
  busy?: boolean
}

/**
 * A post's history: every saved version (who, when), any two of them compared field by field with the body
 * as a text diff, and a restore of any earlier one. Read from the server, so the desktop needs a connection.
 */
export function PostHistory({ postId, currentVersion, onRestore, onClose, busy = false }: PostHistoryProps) {
  const admin = useAdminApi()
  const headingId = useId()
  const [revisions, setRevisions] = useState<RevisionSummary[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  /** The two revisions compared (ids), the last one picked second. */
  const [picked, setPicked] = useState<number[]>([])
  const [full, setFull] = useState<Map<number, Revision>>(new Map())

  useEffect(() => {
    let current = true
    admin
      .listRevisions(postId)
      .then((list) => {
        if (!current) return
        setRevisions(list)
        setPicked(list.slice(0, 2).map((r) => r.id))
      })
      .catch((err: unknown) => current && setError(err instanceof Error ? err.message : String(err)))
    return () => {
      current = false
    }
  }, [admin, postId])

  useEffect(() => {
    const missing = picked.filter((id) => !full.has(id))
    if (missing.length === 0) return
    let current = true
    Promise.all(missing.map((id) => admin.getRevision(id)))
      .then((loaded) => {
        if (!current) return
        setFull((map) => {
          const next = new Map(map)
          for (const revision of loaded) if (revision) next.set(revision.id, revision)
          return next
        })
      })
      .catch((err: unknown) => current && setError(err instanceof Error ? err.message : String(err)))
    return () => {
      current = false
    }
  }, [admin, picked, full])

  function toggle(id: number) {
    setPicked((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id].slice(-2)))
  }

  async function restore(id: number) {
    try {
      const revision = full.get(id) ?? (await admin.getRevision(id))
      if (!revision) {
        setError('This version is no longer kept.')
        return
      }
      onRestore(revision)
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err))
    }
  }

  const pair = picked.length === 2 ? picked.map((id) => full.get(id)) : null
  const comparison = pair && pair[0] && pair[1] ? inOrder(pair[0], pair[1]) : null

  return (
    <section
      aria-labelledby={headingId}
      data-testid="post-history"
      className="rounded-xl border border-slate-200 bg-white"
    >
      <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
        <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <History aria-hidden="true" className="size-4 text-slate-500" /> History
        </h2>
        <Button size="sm" variant="ghost" onClick={onClose}>
          <X aria-hidden="true" className="size-4" /> Close history
        </Button>
      </div>
      {error && (
        <div className="p-4">
          <Alert variant="destructive" title="The history could not be loaded.">
            <p>{error}</p>
          </Alert>
        </div>
      )}
      {!error && !revisions && <Loading className="p-4 text-sm">Loading history…</Loading>}
      {revisions && (
        <div className="grid gap-0 lg:grid-cols-[minmax(0,15rem)_minmax(0,1fr)]">
          <div className="border-b border-slate-200 lg:border-r lg:border-b-0">
            <p className="px-4 pt-3 text-xs text-slate-500">
              Every save is kept (the last 100). Tick two versions to compare them.
            </p>
            <ol className="max-h-[28rem] divide-y divide-slate-100 overflow-auto py-1" aria-label="Versions">
              {revisions.map((revision) => {
                const { who, when } = savedByLine(revision)
                const isCurrent = revision.version === currentVersion
                const checked = picked.includes(revision.id)
                return (
                  <li
                    key={revision.id}
                    data-testid="revision"
                    className={cx('flex items-start gap-3 px-4 py-2.5', checked && 'bg-indigo-50/60')}
                  >
                    <input
                      type="checkbox"
                      checked={checked}
                      onChange={() => toggle(revision.id)}
                      aria-label={`Compare version ${revision.version}`}
                      className="mt-1 size-4 shrink-0 accent-indigo-600"
                    />
                    <div className="min-w-0 flex-1 text-sm">
                      <div className="flex min-h-7 items-center justify-between gap-2">
                        <p className="flex flex-wrap items-center gap-1.5 font-medium text-slate-900">
                          Version {revision.version}
                          {isCurrent && <Badge variant="success">Current</Badge>}
                        </p>
                        {!isCurrent && (
                          <button
                            type="button"
                            disabled={busy}
                            onClick={() => void restore(revision.id)}
                            aria-label={`Restore version ${revision.version}`}
                            className="inline-flex h-7 shrink-0 items-center gap-1 rounded-md px-2 text-xs font-medium text-indigo-700 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-50"
                          >
                            <RotateCcw aria-hidden="true" className="size-3.5" /> Restore
                          </button>
                        )}
                      </div>
                      <p className="truncate text-xs text-slate-600" title={who}>
                        {who}
                      </p>
                      <p className="text-xs text-slate-600">
                        <time dateTime={revision.saved_at}>{when}</time>
                      </p>
                    </div>
                  </li>
                )
              })}
            </ol>
          </div>
          <div className="min-w-0 p-4">
            {picked.length < 2 ? (
              <p className="text-sm text-slate-500">
                {revisions.length < 2
                  ? 'This post has one version so far: there is nothing to compare yet.'
                  : 'Tick two versions to see what changed between them.'}
              </p>
            ) : comparison ? (
              <RevisionDiff older={comparison[0]} newer={comparison[1]} />
            ) : (
              <Loading className="text-sm">Loading the two versions…</Loading>
            )}
          </div>
        </div>
      )}
    </section>
  )
}

function Display({ value, tone, label }: { value: FieldDisplay | null; tone: 'old' | 'new'; label: string }) {
  const box = cx(
    'block min-w-0 rounded-md px-2 py-1 text-sm break-words',
    tone === 'old' ? 'bg-red-50 text-red-900' : 'bg-green-50 text-green-900',
  )
  const text =
    !value || value.kind === 'empty'
      ? null
      : value.kind === 'tags'
        ? value.tags.join(', ')
        : value.kind === 'image'
          ? value.url
          : value.text
  return (
    <span className={cx(box, !text && 'italic opacity-70', value?.kind === 'image' && 'font-mono text-xs')}>
      {/* Which side is which, for screen readers and for the stacked layout on a phone. */}
      <span className="mr-1 text-xs font-medium opacity-70 sm:sr-only">{label}</span>
      {text ?? '(empty)'}
    </span>
  )
}

/** What changed from `older` to `newer`: the fields, then the body as a text diff. */
function RevisionDiff({ older, newer }: { older: Revision; newer: Revision }) {
  const rows = useMemo(() => changedFieldRows(older, newer), [older, newer])
  const { added, removed } = useMemo(() => bodyChanges(older, newer), [older, newer])
  const bodyChanged = added + removed > 0
  return (
    <div data-testid="revision-diff" className="space-y-4">
      <h3 className="text-sm font-semibold text-slate-900">
        Changes from version {older.version} to version {newer.version}
      </h3>
      {rows.length === 0 && !bodyChanged && (
        <p className="text-sm text-slate-500">These two versions hold the same content.</p>
      )}
      {rows.length > 0 && (
        <dl className="space-y-3">
          <div
            aria-hidden="true"
            className="hidden gap-2 text-xs font-medium text-slate-500 sm:grid sm:grid-cols-2"
          >
            <span>Version {older.version}</span>
            <span>Version {newer.version}</span>
          </div>
          {rows.map((row) => (
            <div key={row.field} className="space-y-1">
              <dt className="text-xs font-medium text-slate-500">{row.label}</dt>
              <dd className="grid gap-1.5 sm:grid-cols-2">
                {/* compareFields(newer, older): "theirs" is the older side. */}
                <Display value={row.theirs} tone="old" label={`Version ${older.version}:`} />
                <Display value={row.mine} tone="new" label={`Version ${newer.version}:`} />
              </dd>
            </div>
          ))}
        </dl>
      )}
      {bodyChanged && (
        <div>
          <p className="mb-1.5 text-xs font-medium text-slate-500">
            Content: {countOf(added, 'word')} added, {countOf(removed, 'word')} removed
          </p>
          {/* The body as it reads in both versions, the words and blocks that changed marked. */}
          <RenderedDiff
            testId="body-diff"
            before={older.content ?? ''}
            after={newer.content ?? ''}
            className="max-h-[28rem] overflow-auto rounded-lg border border-slate-200 bg-white p-3"
          />
        </div>
      )}
    </div>
  )
}
