import { useCallback, useEffect, useMemo, useState } from 'react'
import { BlogAdminApp } from '@shared/admin/BlogAdminApp.tsx'
import { BlogAdminProvider } from '@shared/admin/BlogAdminProvider.tsx'
import { brand } from '@shared/config/brand.ts'
import { cx } from '@shared/ui/cx.ts'
import type { DesktopApi } from '../../contract.ts'
import { AttentionList } from './AttentionList.tsx'
import { ConflictsView } from './ConflictsView.tsx'
import { createDesktopBlogStore, createDesktopPlatform } from './desktop-blog-store.ts'
import { EmailTestScreen } from './EmailTestScreen.tsx'
import { LeadsScreen } from './LeadsScreen.tsx'
import { SettingsScreen } from './SettingsScreen.tsx'
import { SyncStatusBar } from './SyncStatusBar.tsx'
import { useSyncIssues } from './useSyncIssues.ts'
import { useSyncStatus } from './useSyncStatus.ts'

const screens = [
  { id: 'posts', label: 'Blog posts' },
  { id: 'leads', label: 'Leads' },
  { id: 'email', label: 'Email test' },
  { id: 'settings', label: 'Settings' },
] as const
type Screen = (typeof screens)[number]['id']

/** The desktop editor: the shared blog admin plus leads, the email test and the connection, over one sync bar. */
export function App({ api }: { api: DesktopApi }) {
  const store = useMemo(() => createDesktopBlogStore(api), [api])
  const platform = useMemo(() => createDesktopPlatform(api), [api])
  const status = useSyncStatus(api)
  const issues = useSyncIssues(api, status)
  const [screen, setScreen] = useState<Screen>('posts')
  const [open, setOpen] = useState<{ slug: string; request: number } | null>(null)
  const [show, setShow] = useState<'conflicts' | 'attention' | null>(null)
  const issueCount = issues.conflicts.length + issues.attention.length
  // The list's badges follow the sync: reload it whenever a sync changes what waits or what is open.
  const listKey = status
    ? `${status.pending}:${status.conflicts}:${status.attention}:${status.lastSyncAt}:${issueCount}`
    : ''

  const showIssues = useCallback((which: 'conflicts' | 'attention') => {
    setScreen('posts')
    setShow(which)
  }, [])

  useEffect(() => {
    if (!show || screen !== 'posts') return
    const section = document.getElementById(`sync-${show}`)
    section?.scrollIntoView({ behavior: 'smooth', block: 'start' })
    document.getElementById(`sync-${show}-heading`)?.focus({ preventScroll: true })
    setShow(null)
  }, [show, screen])

  return (
    <BlogAdminProvider store={store} platform={platform}>
      <div className="flex h-screen flex-col overflow-hidden">
        <header className="flex items-center gap-6 border-b border-slate-200 px-4 py-2">
          <span className="font-semibold text-indigo-700">{brand.name} Editor</span>
          <nav aria-label="Screens" className="flex gap-1">
            {screens.map((s) => (
              <button
                key={s.id}
                type="button"
                aria-current={screen === s.id ? 'page' : undefined}
                onClick={() => setScreen(s.id)}
                className={cx(
                  'rounded-md px-3 py-1.5 text-sm font-medium',
                  screen === s.id ? 'bg-indigo-50 text-indigo-700' : 'text-slate-600 hover:bg-slate-100',
                )}
              >
                {s.label}
                {s.id === 'posts' && issueCount > 0 && (
                  <span className="ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white">
                    {issueCount}
                    <span className="sr-only"> {issueCount === 1 ? 'post needs' : 'posts need'} you</span>
                  </span>
                )}
              </button>
            ))}
          </nav>
        </header>
        {/* Positioned, so visually hidden (absolute) text inside scrolls with it instead of stretching the window. */}
        {/* The padding is inside, so the editor's sticky bar meets the very bottom of the scrolling area. */}
        <main className="relative flex-1 overflow-y-auto">
          <div className={cx('mx-auto space-y-6 px-6 py-6', screen === 'posts' ? 'max-w-7xl' : 'max-w-5xl')}>
            {screen === 'posts' && (
              <>
                <ConflictsView api={api} conflicts={issues.conflicts} onResolved={issues.refresh} />
                <AttentionList
                  api={api}
                  items={issues.attention}
                  onEdit={(item) => setOpen((o) => ({ slug: item.slug, request: (o?.request ?? 0) + 1 }))}
                  onDiscarded={issues.refresh}
                />
                <BlogAdminApp open={open} refreshKey={listKey} chrome="embedded" />
              </>
            )}
            {screen === 'leads' && <LeadsScreen api={api} />}
            {screen === 'email' && <EmailTestScreen api={api} />}
            {screen === 'settings' && <SettingsScreen api={api} />}
          </div>
        </main>
        <SyncStatusBar status={status} onSyncNow={() => void api.syncNow()} onShowIssues={showIssues} />
      </div>
    </BlogAdminProvider>
  )
}
