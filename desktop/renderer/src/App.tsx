import { MailCheck, MonitorDown, Settings } from 'lucide-react'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { AdminApp, type AdminExtraScreen } from '@shared/admin/AdminApp.tsx'
import { AdminProvider } from '@shared/admin/AdminProvider.tsx'
import type { DesktopApi } from '../../contract.ts'
import { AttentionList } from './AttentionList.tsx'
import { ConflictsView } from './ConflictsView.tsx'
import { createDesktopPlatform } from './desktop-platform.ts'
import { EmailTestScreen } from './EmailTestScreen.tsx'
import { SettingsScreen } from './SettingsScreen.tsx'
import { SyncStatusBar } from './SyncStatusBar.tsx'
import { UpdatesScreen } from './UpdatesScreen.tsx'
import { useSyncIssues } from './useSyncIssues.ts'
import { useSyncStatus } from './useSyncStatus.ts'
import { formFor } from '@shared/lib/plural.ts'

/**
 * The desktop editor: the admin's own shell and screens (posts, leads, people), plus the email test and the
 * connection settings, over the sync status bar. Conflicts and refused changes sit above the posts.
 */
export function App({ api }: { api: DesktopApi }) {
  const platform = useMemo(() => createDesktopPlatform(api), [api])
  const status = useSyncStatus(api)
  const issues = useSyncIssues(api, status)
  const [screen, setScreen] = useState('posts')
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

  const extraScreens = useMemo<AdminExtraScreen[]>(
    () => [
      { id: 'email', label: 'Email test', icon: MailCheck, render: () => <EmailTestScreen api={api} /> },
      { id: 'settings', label: 'Settings', icon: Settings, render: () => <SettingsScreen api={api} /> },
      { id: 'downloads', label: 'Downloads', icon: MonitorDown, render: () => <UpdatesScreen api={api} /> },
    ],
    [api],
  )

  return (
    <AdminProvider api={api} platform={platform}>
      <AdminApp
        open={open}
        refreshKey={listKey}
        screen={screen}
        onScreenChange={setScreen}
        extraScreens={extraScreens}
        postsBadge={{ count: issueCount, label: formFor(issueCount, 'post needs you', 'posts need you') }}
        postsTop={
          issueCount > 0 && (
            <div className="space-y-4 p-2 pb-0 sm:p-3 sm:pb-0">
              <ConflictsView api={api} conflicts={issues.conflicts} onResolved={issues.refresh} />
              <AttentionList
                api={api}
                items={issues.attention}
                onEdit={(item) => setOpen((o) => ({ slug: item.slug, request: (o?.request ?? 0) + 1 }))}
                onDiscarded={issues.refresh}
              />
            </div>
          )
        }
        statusArea={
          <SyncStatusBar status={status} onSyncNow={() => void api.syncNow()} onShowIssues={showIssues} />
        }
      />
    </AdminProvider>
  )
}
