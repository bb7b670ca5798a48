import { useCallback, useEffect, useRef, useState, type RefObject } from 'react'
import type { BlogRow } from '../schemas/blog.ts'
import { cx } from '../ui/cx.ts'
import { BlogEditorForm } from './BlogEditorForm.tsx'
import { clearDraft, readDraft } from './BlogEditorForm.utils.ts'
import { BlogPostList } from './BlogPostList.tsx'
import { BlogStatusLine } from './BlogStatusLine.tsx'
import { useAdminApi } from './useAdminApi.ts'
import { useMediaQuery } from './useMediaQuery.ts'

export interface PostsWorkspaceProps {
  /** Opens `slug` in the editor once per new `request` number (the desktop's "Edit and retry"). */
  open: { slug: string; request: number } | null
  /** Reloads the list when it changes. */
  refreshKey: string | number
  openedRequest: RefObject<number>
}

/** Where the list and the editor sit side by side; below it they are two screens. */
const sideBySide = '(min-width: 1024px)'

/**
 * The posts screen: the list pane beside the editor from 1024 px; on narrower screens two screens, the list
 * first, and opening a post (or "New post") shows the editor with a Back to the list.
 */
export function PostsWorkspace({ open, refreshKey, openedRequest }: PostsWorkspaceProps) {
  const admin = useAdminApi()
  const wide = useMediaQuery(sideBySide)
  const [status, setStatus] = useState('')
  const [form, setForm] = useState<{ post: BlogRow | null; key: number }>({ post: null, key: 0 })
  const [reloadKey, setReloadKey] = useState(0)
  // A draft kept from the last visit is offered in the editor: on a phone, start there so it is seen.
  const [editorShown, setEditorShown] = useState(() => readDraft(window.localStorage) !== null)
  const editorPane = useRef<HTMLDivElement | null>(null)
  const dirty = useRef(false)

  const showEditor = useCallback(() => {
    setEditorShown(true)
    // The editor's first control, so keyboard and screen reader users land where the screen changed.
    requestAnimationFrame(() => editorPane.current?.scrollIntoView({ block: 'start' }))
  }, [])

  const edit = useCallback(
    async (slug: string) => {
      try {
        const post = await admin.getPost(slug)
        if (!post) {
          setStatus(`❌ Something went wrong: the post “${slug}” no longer exists.`)
          setReloadKey((k) => k + 1)
          return
        }
        // Spec §4: Edit loads the post and clears the message.
        setStatus('')
        setForm((f) => ({ post, key: f.key + 1 }))
        showEditor()
      } catch (err) {
        setStatus(`❌ Something went wrong: ${err instanceof Error ? err.message : String(err)}`)
      }
    },
    [admin, showEditor],
  )

  function newPost() {
    if (dirty.current && !window.confirm('Discard your unsaved changes?')) return
    clearDraft(window.localStorage)
    setStatus('')
    setForm((f) => ({ post: null, key: f.key + 1 }))
    showEditor()
  }

  useEffect(() => {
    if (!open || open.request === openedRequest.current) return
    openedRequest.current = open.request
    void edit(open.slug)
  }, [open, edit, openedRequest])

  // One status line: under the form where the editor is in view, above the list on a phone's list screen.
  const statusInEditor = wide || editorShown
  const statusLine = <BlogStatusLine message={status} />

  return (
    <div className="grid h-full min-h-[30rem] grid-rows-1 gap-3 p-2 sm:p-3 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)] lg:gap-4 2xl:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]">
      <div className={cx('flex min-h-0 flex-col gap-2', editorShown && 'max-lg:hidden')}>
        {!statusInEditor && status && (
          <div className="rounded-lg border border-slate-200 bg-white px-3 py-2">{statusLine}</div>
        )}
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
      <div ref={editorPane} className={cx('min-h-0 min-w-0', !editorShown && 'max-lg:hidden')}>
        <section
          aria-labelledby="admin-editor-title"
          className="relative h-full overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
        >
          <BlogEditorForm
            key={form.key}
            post={form.post}
            offerDraft={form.key === 0}
            onStatus={setStatus}
            onDirtyChange={(d) => {
              dirty.current = d
            }}
            onBack={() => setEditorShown(false)}
            statusLine={statusInEditor ? statusLine : null}
            onSaved={(post) => {
              // The saved post stays open (at its new version), so the writer keeps their place; the list
              // reloads to show it. Only "New post" gives the empty form.
              setForm((f) => ({ post, key: f.key + 1 }))
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
