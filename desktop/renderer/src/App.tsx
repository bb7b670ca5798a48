import { useMemo, useState } from 'react'
import { BlogAdminApp } from '@shared/admin/BlogAdminApp.tsx'
import { BlogAdminProvider } from '@shared/admin/BlogAdminProvider.tsx'
import { brand } from '@shared/config/brand.ts'
import { cx } from '@shared/ui/cx.ts'
import type { DesktopApi } from '../../preload/api.d.ts'
import { ConflictsPanel } from './ConflictsPanel.tsx'
import { createDesktopBlogStore, createDesktopPlatform } from './desktop-blog-store.ts'
import { EmailTestScreen } from './EmailTestScreen.tsx'
import { LeadsScreen } from './LeadsScreen.tsx'
import { SettingsScreen } from './SettingsScreen.tsx'
import { SyncStatusBar } from './SyncStatusBar.tsx'
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
  const [screen, setScreen] = useState<Screen>('posts')
  const [conflictsKey, setConflictsKey] = useState(0)
  const conflictCount = status?.conflicts ?? 0

  return (
    <BlogAdminProvider store={store} platform={platform}>
      <div className="flex h-screen flex-col">
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
              </button>
            ))}
          </nav>
        </header>
        <main className="flex-1 overflow-y-auto px-6 py-6">
          <div className="mx-auto max-w-5xl space-y-6">
            {screen === 'posts' && (
              <>
                <ConflictsPanel
                  api={api}
                  refreshKey={conflictsKey + conflictCount}
                  onResolved={() => setConflictsKey((k) => k + 1)}
                />
                <BlogAdminApp />
              </>
            )}
            {screen === 'leads' && <LeadsScreen api={api} />}
            {screen === 'email' && <EmailTestScreen api={api} />}
            {screen === 'settings' && <SettingsScreen api={api} />}
          </div>
        </main>
        <SyncStatusBar status={status} onSyncNow={() => void api.syncNow()} />
      </div>
    </BlogAdminProvider>
  )
}
