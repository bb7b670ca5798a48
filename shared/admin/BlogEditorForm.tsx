import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { statusAt, type BlogRow } from '../schemas/blog.ts'
import { scheduledFor } from './BlogEditorForm.utils.ts'
import { cx } from '../ui/cx.ts'
import { useAdminRole } from './useAdminRole.ts'
import { ConflictComparison } from './ConflictComparison.tsx'
import { PostHistory } from './PostHistory.tsx'
import { PostPreview } from './PostPreview.tsx'
import { NewsletterPanel } from './newsletter/NewsletterPanel.tsx'
import { useAdminApi } from './useAdminApi.ts'
import type { EditorHandle } from './MilkdownEditor.tsx'
import { DraftOfferAlert } from './editor/DraftOfferAlert.tsx'
import { EditorCanvas } from './editor/EditorCanvas.tsx'
import { EditorTopBar } from './editor/EditorTopBar.tsx'
import { PostSettingsPanel } from './editor/PostSettingsPanel.tsx'
import { SaveBar } from './editor/SaveBar.tsx'
import { ShareLinkBox } from './editor/ShareLinkBox.tsx'
import { useCoverUpload, useImageUpload } from './editor/useImageUpload.ts'
import { useDrawer } from './editor/useDrawer.ts'
import { useLocalDraft } from './editor/useLocalDraft.ts'
import { usePostForm } from './editor/usePostForm.ts'
import { usePostSave } from './editor/usePostSave.ts'
import { useShareLink } from './editor/useShareLink.ts'
import { countWords } from './editor/word-count.ts'

export interface BlogEditorFormProps {
  /** The post to edit, or null for a new post. Remount (change `key`) to load another. */
  post: BlogRow | null
  /** Offer a locally kept draft back (on the first form after opening the admin). */
  offerDraft?: boolean
  onSaved(post: BlogRow): void
  onStatus(message: string): void
  onCancelEdit(): void
  /** After "keep theirs": open the server's copy instead (null: it was deleted there, so close the form). */
  onLoadPost(post: BlogRow | null): void
  /** Told whenever the form starts or stops differing from what was loaded. */
  onDirtyChange?(dirty: boolean): void
  /** Back to the list (where the list and the editor are two screens). */
  onBack?(): void
  /** The status line (spec §2: under the form), shown in the form's bar beside Save. */
  statusLine?: ReactNode
}

/**
 * The editor: the post is the page (a large title and the body as the canvas), its settings beside it (a
 * drawer on narrower screens), and a bar under it with the status line, the word count and Save. Each
 * concern lives in its own hook or component under `editor/`.
 */
export function BlogEditorForm({
  post,
  offerDraft = false,
  onSaved,
  onStatus,
  onCancelEdit,
  onLoadPost,
  onDirtyChange,
  onBack,
  statusLine,
}: BlogEditorFormProps) {
  const { mayPublish } = useAdminRole()
  const admin = useAdminApi()
  const form = usePostForm(post, mayPublish)
  const { values, editing, dirty, set } = form
  const draft = useLocalDraft(form, offerDraft, !post)
  const editorHandle = useRef<EditorHandle | null>(null)
  const saver = usePostSave({
    form,
    liveBody: () => editorHandle.current?.getContent() ?? null,
    settle: draft.settle,
    onStatus,
    onSaved,
    onLoadPost,
  })
  const share = useShareLink(editing?.id ?? null, onStatus)
  const cover = useCoverUpload((url) => set('coverImageUrl', url), onStatus)
  const upload = useImageUpload()
  const uploadBodyImage = useCallback((file: File) => upload(file, 'blog-content'), [upload])
  const [previewing, setPreviewing] = useState(false)
  const [showHistory, setShowHistory] = useState(false)
  const settings = useDrawer('settings')
  const formRef = useRef<HTMLFormElement | null>(null)
  const conflictRef = useRef<HTMLDivElement | null>(null)
  const publishAtIso = scheduledFor(values)
  const busy = saver.saving || saver.resolving

  useEffect(() => {
    onDirtyChange?.(dirty)
  }, [dirty, onDirtyChange])

  useEffect(() => {
    if (!saver.conflict) return
    conflictRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' })
    conflictRef.current?.focus({ preventScroll: true })
  }, [saver.conflict])

  // Ctrl+S (Cmd+S on a Mac) saves, wherever the focus is: the browser's "save page" is never what is meant here.
  useEffect(() => {
    const save = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 's' || !(event.ctrlKey || event.metaKey) || event.altKey) return
      event.preventDefault()
      formRef.current?.requestSubmit()
    }
    window.addEventListener('keydown', save)
    return () => window.removeEventListener('keydown', save)
  }, [])

  function cancel() {
    if (dirty && !window.confirm('Discard your unsaved changes?')) return
    draft.settle()
    onCancelEdit()
  }

  return (
    <form
      ref={formRef}
      onSubmit={(event) => {
        event.preventDefault()
        void saver.save()
      }}
      noValidate
      aria-label="Blog post"
      className="flex h-full min-h-0 flex-col"
    >
      <EditorTopBar
        editing={editing}
        onBack={onBack}
        showHistory={showHistory}
        onToggleHistory={() => setShowHistory((h) => !h)}
        sharing={share.sharing}
        onShare={() => void share.share()}
        onNewPost={cancel}
        settings={settings}
      />
      <div className="flex min-h-0 flex-1">
        {/* Scrolls on its own (the bars stay): focusable, so the keyboard can scroll a preview too; positioned,
            so visually hidden text inside scrolls with it instead of stretching the screen. */}
        <div
          data-testid="editor-canvas"
          tabIndex={0}
          role="region"
          aria-label="Post"
          className="relative min-w-0 flex-1 overflow-y-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600"
        >
          {(draft.offer || share.link || showHistory || previewing || saver.conflict) && (
            <div className="space-y-5 px-4 pt-4 sm:px-6">
              {draft.offer && (
                <DraftOfferAlert draft={draft.offer} onRestore={draft.restore} onDiscard={draft.discard} />
              )}
              {share.link && <ShareLinkBox link={share.link} onClose={share.close} />}
              {showHistory && editing && (
                <PostHistory
                  postId={editing.id}
                  currentVersion={editing.version}
                  busy={busy}
                  onRestore={(revision) => void saver.restoreRevision(revision, () => setShowHistory(false))}
                  onClose={() => setShowHistory(false)}
                />
              )}
              {previewing && (
                <PostPreview
                  title={values.title}
                  author={values.author}
                  coverImageUrl={values.coverImageUrl}
                  html={values.contentHtml}
                  createdAt={post?.created_at ?? null}
                  type={values.type}
                  scheduledFor={publishAtIso}
                  unsaved={dirty || !editing}
                />
              )}
              {saver.conflict && (
                <div ref={conflictRef} tabIndex={-1} className="scroll-mt-4 outline-none">
                  <ConflictComparison
                    mine={saver.mine}
                    theirs={saver.conflict.theirs}
                    postTitle={values.title || saver.conflict.theirs?.title || editing?.slug || 'Untitled'}
                    theirsChangedAt={saver.conflict.theirs?.updated_at}
                    headingLevel="h2"
                    busy={saver.resolving}
                    error={saver.conflictError}
                    onChoose={(choice) => void saver.resolve(choice)}
                  />
                </div>
              )}
            </div>
          )}
          <div className={cx((previewing || showHistory) && 'hidden')}>
            <EditorCanvas
              form={form}
              handleRef={editorHandle}
              uploadImage={uploadBodyImage}
              onStatus={onStatus}
            />
          </div>
        </div>
        <PostSettingsPanel drawer={settings} form={form} cover={cover} stepAside={saver.conflict !== null}>
          {mayPublish && (
            <NewsletterPanel
              api={admin}
              slug={editing?.slug ?? null}
              title={values.title}
              publishedAndSaved={
                !dirty && statusAt({ status: values.status, publish_at: publishAtIso }) === 'published'
              }
            />
          )}
        </PostSettingsPanel>
      </div>
      <SaveBar
        statusLine={statusLine}
        words={countWords(values.contentHtml)}
        previewing={previewing}
        onTogglePreview={() => setPreviewing((p) => !p)}
        saving={saver.saving}
        disabled={busy || cover.progress !== null}
      />
    </form>
  )
}
