import { useCallback, useEffect, useRef, useState, type RefObject } from 'react'
import type { BlogRow } from '../schemas/blog.ts'
import { Button } from '../ui/Button.tsx'
import { Card, CardContent, CardHeader } from '../ui/Card.tsx'
import { Spinner } from '../ui/Spinner.tsx'
import { BlogEditorForm } from './BlogEditorForm.tsx'
import { BlogPostList } from './BlogPostList.tsx'
import { BlogStatusLine } from './BlogStatusLine.tsx'
import { SignInForm } from './SignInForm.tsx'
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
}

/**
 * The whole blog admin: sign-in gate, the post form and the list. Mounted by the site's admin page and
 * by the desktop renderer inside a `<BlogAdminProvider store platform>`.
 */
export function BlogAdminApp({ open = null, refreshKey = 0 }: BlogAdminAppProps = {}) {
  const session = useAdminSession()
  const store = useBlogStore()
  // Outlives the workspace (which remounts on sign-in), so a request is carried out once.
  const openedRequest = useRef(0)

  if (session.status === 'loading') {
    return (
      <p className="flex items-center justify-center gap-2 py-16 text-slate-500">
        <Spinner /> Loading...
      </p>
    )
  }
  if (session.status === 'signed-out') {
    return (
      <div className="py-10">
        <SignInForm pageHeading />
      </div>
    )
  }
  return (
    <div className="space-y-8">
      <div className="flex items-center justify-end gap-3 text-sm text-slate-600">
        <span className="min-w-0 truncate">Signed in as {session.session.email}</span>
        <Button
          size="sm"
          variant="outline"
          className="shrink-0 whitespace-nowrap"
          onClick={() => void store.signOut()}
        >
          Sign out
        </Button>
      </div>
      <BlogAdminWorkspace open={open} refreshKey={refreshKey} openedRequest={openedRequest} />
    </div>
  )
}

function BlogAdminWorkspace({
  open,
  refreshKey,
  openedRequest,
}: Required<BlogAdminAppProps> & { openedRequest: RefObject<number> }) {
  const store = useBlogStore()
  const [status, setStatus] = useState('')
  const [form, setForm] = useState<{ post: BlogRow | null; key: number }>({ post: null, key: 0 })
  const [reloadKey, setReloadKey] = useState(0)
  const formTop = useRef<HTMLDivElement | null>(null)

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
        // The page scrolls in the browser; the desktop scrolls its main pane: bring the form into view either way.
        formTop.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })
      } catch (err) {
        setStatus(`❌ Something went wrong: ${err instanceof Error ? err.message : String(err)}`)
      }
    },
    [store],
  )

  useEffect(() => {
    if (!open || open.request === openedRequest.current) return
    openedRequest.current = open.request
    void edit(open.slug)
  }, [open, edit, openedRequest])

  return (
    <>
      <div ref={formTop} className="scroll-mt-20">
        <Card>
          <CardHeader>
            <h1 className="text-2xl font-bold text-slate-900">Add / Update Blog Post</h1>
          </CardHeader>
          <CardContent className="space-y-4">
            <BlogEditorForm
              key={form.key}
              post={form.post}
              offerDraft={form.key === 0}
              onStatus={setStatus}
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
            <BlogStatusLine message={status} />
          </CardContent>
        </Card>
      </div>
      <BlogPostList
        reloadKey={`${reloadKey}:${refreshKey}`}
        onEdit={(slug) => void edit(slug)}
        onStatus={setStatus}
        onDeleted={(id) => {
          if (form.post?.id === id) setForm((f) => ({ post: null, key: f.key + 1 }))
        }}
      />
    </>
  )
}
