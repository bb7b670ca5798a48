import { ExternalLink, FileText, Inbox, LogOut, Users } from 'lucide-react'
import { useCallback, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react'
import { brand } from '../config/brand.ts'
import type { BlogRow } from '../schemas/blog.ts'
import { Button } from '../ui/Button.tsx'
import { Spinner } from '../ui/Spinner.tsx'
import { BlogEditorForm } from './BlogEditorForm.tsx'
import { clearDraft } from './BlogEditorForm.utils.ts'
import { BlogPostList } from './BlogPostList.tsx'
import { BlogStatusLine } from './BlogStatusLine.tsx'
import { emailLinkFrom } from '../data/people.ts'
import type { LeadsStore, PeopleStore } from './blog-store.ts'
import { LeadsPipeline } from './LeadsTable.tsx'
import { PeopleScreen } from './PeopleScreen.tsx'
import { SetPasswordForm } from './SetPasswordForm.tsx'
import { SignInForm } from './SignInForm.tsx'
import { AdminRoleContext } from './useAdminRole.ts'
import { useAdminSession } from './useAdminSession.ts'
import { useBlogStore } from './useBlogStore.ts'

export interface BlogAdminAppProps {
  /**
   * Opens a post in the form from outside the admin (the desktop's "Edit and retry"): each new `request`
   * number opens `slug` once.
   */
  open?: { slug: string; request: number } | null
  /** Reloads the list when it changes (the desktop passes its sync state, so row badges stay true). */
  refreshKey?: string | number
  /**
   * `app`: the admin is the whole window (the browser's admin route): its own top bar with the editor,
   * "View site" and sign out. `embedded`: inside a host app that has its own chrome (the desktop), so only
   * a slim account line above the panes.
   */
  chrome?: 'app' | 'embedded'
}

/**
 * The whole blog admin: sign-in gate, then the list pane beside the editor pane. Mounted by the site's
 * admin page and by the desktop renderer inside a `<BlogAdminProvider store platform>`.
 */
export function BlogAdminApp({ open = null, refreshKey = 0, chrome = 'app' }: BlogAdminAppProps = {}) {
  const session = useAdminSession()
  const store = useBlogStore()
  // Outlives the workspace (which remounts on sign-in), so a request is carried out once.
  const openedRequest = useRef(0)
  const signedIn = session.status === 'signed-in' ? session.session : null
  const email = signedIn?.email ?? null
  const signOut = () => void store.signOut()
  // An invite or reset link from a mail (`?token_hash=…&type=…`): the person chooses a password first.
  const [emailLink, setEmailLink] = useState(() =>
    typeof window === 'undefined' ? null : emailLinkFrom(window.location.search),
  )
  const [screen, setScreen] = useState<'posts' | 'people' | 'leads'>('posts')
  const peopleStore = store.listPeople ? (store as PeopleStore) : null
  const mayManagePeople = signedIn?.role === 'admin' && peopleStore !== null
  const leadsStore = store.updateLead ? (store as LeadsStore) : null
  const mayWorkLeads = (signedIn?.role === 'admin' || signedIn?.role === 'editor') && leadsStore !== null
  const leaveLink = () => {
    window.history.replaceState(null, '', window.location.pathname)
    setEmailLink(null)
  }

  let content: ReactNode
  if (emailLink) {
    content = (
      <div className="px-4 py-10 sm:py-16">
        <SetPasswordForm link={emailLink} onDone={leaveLink} onCancel={leaveLink} />
      </div>
    )
  } else if (session.status === 'loading') {
    content = (
      <p className="flex items-center justify-center gap-2 py-16 text-slate-500">
        <Spinner /> Loading...
      </p>
    )
  } else if (session.status === 'signed-out') {
    content = (
      <div className="px-4 py-10 sm:py-16">
        <SignInForm pageHeading />
      </div>
    )
  } else {
    content = (
      // A role not known yet (the desktop asks the server after signing in) hides nothing: the database
      // decides. When it arrives the workspace starts again with it (a contributor's form starts as a draft).
      <AdminRoleContext.Provider
        value={session.session.role ? { role: session.session.role, userId: session.session.userId } : null}
      >
        {screen === 'people' && mayManagePeople ? (
          <div className={chrome === 'app' ? 'p-3 sm:p-4' : ''}>
            <PeopleScreen store={peopleStore} currentUserId={session.session.userId} />
          </div>
        ) : screen === 'leads' && mayWorkLeads ? (
          <div className={chrome === 'app' ? 'mx-auto max-w-[100rem] p-3 sm:p-4' : ''}>
            <LeadsPipeline store={leadsStore} />
          </div>
        ) : (
          <BlogAdminWorkspace
            key={session.session.role ?? 'unknown'}
            open={open}
            refreshKey={refreshKey}
            openedRequest={openedRequest}
            chrome={chrome}
          />
        )}
      </AdminRoleContext.Provider>
    )
  }

  // Editors and administrators switch between the posts and the leads; administrators also see People.
  const screens = (mayManagePeople || mayWorkLeads) && !emailLink && (
    <nav aria-label="Admin screens" className="flex items-center gap-1">
      {(
        [
          ['posts', 'Posts', FileText, true],
          ['leads', 'Leads', Inbox, mayWorkLeads],
          ['people', 'People', Users, mayManagePeople],
        ] as const
      )
        .filter(([, , , shown]) => shown)
        .map(([value, label, Icon]) => (
          <button
            key={value}
            type="button"
            aria-current={screen === value ? 'page' : undefined}
            onClick={() => setScreen(value)}
            className={
              chrome === 'app'
                ? 'inline-flex h-8 items-center gap-1.5 rounded-md px-2.5 text-sm font-medium whitespace-nowrap text-slate-300 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-indigo-400 aria-[current=page]:bg-white/15 aria-[current=page]:text-white'
                : 'inline-flex h-8 items-center gap-1.5 rounded-md px-2.5 text-sm font-medium whitespace-nowrap text-slate-600 hover:bg-slate-100 aria-[current=page]:bg-slate-900 aria-[current=page]:text-white'
            }
          >
            <Icon aria-hidden="true" className="size-4" />
            {/* Icons alone on a phone when there are three screens; the name stays for screen readers. */}
            <span className={mayWorkLeads && mayManagePeople ? 'max-sm:sr-only' : undefined}>{label}</span>
          </button>
        ))}
    </nav>
  )

  if (chrome === 'embedded') {
    return (
      <div className="space-y-4">
        {email && (
          <div className="flex items-center justify-end gap-3 text-sm text-slate-600">
            {screens && <div className="mr-auto">{screens}</div>}
            <span className="min-w-0 truncate">Signed in as {email}</span>
            <Button size="sm" variant="outline" className="shrink-0 whitespace-nowrap" onClick={signOut}>
              Sign out
            </Button>
          </div>
        )}
        {content}
      </div>
    )
  }

  return (
    <div className="flex min-h-dvh flex-col bg-slate-100 [--admin-bar:3.5rem]">
      <header className="sticky top-0 z-30 flex h-14 items-center gap-3 bg-slate-950 px-4 text-white sm:px-5">
        <span className="flex min-w-0 items-center gap-2.5">
          <span
            aria-hidden="true"
            className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-indigo-500 text-sm font-bold"
          >
            {brand.name.charAt(0)}
          </span>
          {/* On a phone the screens' tabs need the room: the name stays for screen readers. */}
          <span className={screens ? 'truncate font-semibold max-sm:sr-only' : 'truncate font-semibold'}>
            {brand.name} <span className="font-normal text-slate-400">Editor</span>
          </span>
        </span>
        {screens && <div className="ml-2 sm:ml-4">{screens}</div>}
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          {email && (
            <span className="hidden max-w-64 truncate text-sm text-slate-300 md:inline">
              Signed in as {email}
            </span>
          )}
          <a
            href="/"
            className="inline-flex h-8 items-center gap-1.5 rounded-md px-2.5 text-sm font-medium whitespace-nowrap text-slate-200 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-indigo-400"
          >
            <ExternalLink aria-hidden="true" className="size-4" />
            <span className="sr-only sm:not-sr-only">View site</span>
          </a>
          {email && (
            <button
              type="button"
              onClick={signOut}
              className="inline-flex h-8 items-center gap-1.5 rounded-md px-2.5 text-sm font-medium whitespace-nowrap text-slate-200 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-indigo-400"
            >
              <LogOut aria-hidden="true" className="size-4" />
              <span className="sr-only sm:not-sr-only">Sign out</span>
            </button>
          )}
        </div>
      </header>
      <main className="flex-1">{content}</main>
    </div>
  )
}

function BlogAdminWorkspace({
  open,
  refreshKey,
  openedRequest,
  chrome,
}: Required<BlogAdminAppProps> & { openedRequest: RefObject<number> }) {
  const store = useBlogStore()
  const [status, setStatus] = useState('')
  const [form, setForm] = useState<{ post: BlogRow | null; key: number }>({ post: null, key: 0 })
  const [reloadKey, setReloadKey] = useState(0)
  const formTop = useRef<HTMLDivElement | null>(null)
  const dirty = useRef(false)

  const bringFormIntoView = () =>
    // On a phone the panes are stacked: take the editor to the top. Side by side it is already in view.
    formTop.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })

  const edit = useCallback(
    async (slug: string) => {
      try {
        const post = await store.getBySlug(slug)
        if (!post) {
          setStatus(`❌ Something went wrong: the post “${slug}” no longer exists.`)
          setReloadKey((k) => k + 1)
          return
        }
        // Spec §4: Edit loads the post and clears the message.
        setStatus('')
        setForm((f) => ({ post, key: f.key + 1 }))
        bringFormIntoView()
      } catch (err) {
        setStatus(`❌ Something went wrong: ${err instanceof Error ? err.message : String(err)}`)
      }
    },
    [store],
  )

  function newPost() {
    if (dirty.current && !window.confirm('Discard your unsaved changes?')) return
    clearDraft(window.localStorage)
    setStatus('')
    setForm((f) => ({ post: null, key: f.key + 1 }))
    bringFormIntoView()
  }

  useEffect(() => {
    if (!open || open.request === openedRequest.current) return
    openedRequest.current = open.request
    void edit(open.slug)
  }, [open, edit, openedRequest])

  return (
    <div
      className={
        chrome === 'app'
          ? 'mx-auto grid max-w-[100rem] gap-4 p-3 sm:p-4 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)] lg:items-start xl:grid-cols-[minmax(0,30rem)_minmax(0,1fr)] 2xl:grid-cols-[minmax(0,44rem)_minmax(0,1fr)]'
          : 'grid gap-4 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)] lg:items-start'
      }
    >
      {/* The list pane stays beside the editor while the editor scrolls. */}
      <div
        className={
          chrome === 'app'
            ? 'lg:sticky lg:top-[calc(var(--admin-bar)+1rem)] lg:flex lg:max-h-[calc(100dvh-var(--admin-bar)-2rem)] lg:flex-col'
            : 'lg:sticky lg:top-0'
        }
      >
        <BlogPostList
          reloadKey={`${reloadKey}:${refreshKey}`}
          onEdit={(slug) => void edit(slug)}
          onNew={newPost}
          selectedId={form.post?.id ?? null}
          onStatus={setStatus}
          onDeleted={(id) => {
            if (form.post?.id === id) setForm((f) => ({ post: null, key: f.key + 1 }))
          }}
        />
      </div>
      <div ref={formTop} className="min-w-0 scroll-mt-[calc(var(--admin-bar,0px)+0.75rem)]">
        <section
          aria-labelledby="admin-editor-title"
          className="rounded-xl border border-slate-200 bg-white shadow-sm"
        >
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 pt-4 sm:px-6 sm:pt-5">
            <h1 id="admin-editor-title" className="text-xl font-semibold text-slate-900">
              Add / Update Blog Post
            </h1>
            <p className="text-xs text-slate-500">
              <kbd className="rounded border border-slate-300 bg-slate-50 px-1 font-sans">Ctrl</kbd> /{' '}
              <kbd className="rounded border border-slate-300 bg-slate-50 px-1 font-sans">⌘</kbd> +{' '}
              <kbd className="rounded border border-slate-300 bg-slate-50 px-1 font-sans">S</kbd> saves
            </p>
          </div>
          <BlogEditorForm
            key={form.key}
            post={form.post}
            offerDraft={form.key === 0}
            onStatus={setStatus}
            onDirtyChange={(d) => {
              dirty.current = d
            }}
            statusLine={<BlogStatusLine message={status} />}
            onSaved={() => {
              // Spec §4: after a successful save the form is cleared and the list reloads.
              setForm((f) => ({ post: null, key: f.key + 1 }))
              setReloadKey((k) => k + 1)
            }}
            onCancelEdit={() => setForm((f) => ({ post: null, key: f.key + 1 }))}
            onLoadPost={(post) => {
              setForm((f) => ({ post, key: f.key + 1 }))
              setReloadKey((k) => k + 1)
            }}
          />
        </section>
      </div>
    </div>
  )
}
