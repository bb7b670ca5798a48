import { CalendarClock, Copy, ExternalLink, Eye, History, Link2, PenLine } from 'lucide-react'
import {
  lazy,
  Suspense,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react'
import { blogStatuses, blogTypes, type BlogInput, type BlogRow } from '../schemas/blog.ts'
import { sanitizeHtml } from '../lib/sanitize-html.ts'
import { Alert } from '../ui/Alert.tsx'
import { Button } from '../ui/Button.tsx'
import { cx } from '../ui/cx.ts'
import { Input, Textarea } from '../ui/Input.tsx'
import { Label } from '../ui/Label.tsx'
import { Spinner } from '../ui/Spinner.tsx'
import { useAdminRole } from './useAdminRole.ts'
import {
  blogInputFromForm,
  clearDraft,
  conflictOf,
  editorImageTypes,
  emptyFormValues,
  formValuesFromPost,
  imageExtension,
  missingRequiredField,
  readDraft,
  sameFormValues,
  withTitle,
  writeDraft,
  type BlogFormValues,
  type EditingPost,
  type StoredDraft,
} from './BlogEditorForm.utils.ts'
import { ConflictComparison } from './ConflictComparison.tsx'
import { freeCopySlug, type ConflictChoice } from './ConflictComparison.utils.ts'
import { CoverImageDropzone } from './CoverImageDropzone.tsx'
import { PostHistory } from './PostHistory.tsx'
import { PostPreview } from './PostPreview.tsx'
import type { Revision } from '../data/revisions.ts'
import type { PreviewLink } from '../schemas/preview-link.ts'
import { editorTimeZone, formatPublishAt, fromLocalInput, timeZoneLabel } from '../lib/publish-time.ts'
import { useBlogStore } from './useBlogStore.ts'
import { usePlatform } from './usePlatform.ts'

import type { EditorHandle } from './MilkdownEditor.tsx'

// Milkdown is the largest part of the admin: load it only when the form is on screen.
const MilkdownEditor = lazy(() => import('./MilkdownEditor.tsx'))

const typeLabels = { blog: 'Blog', 'case study': 'Case Study', ebook: 'Ebook' } as const
const statusLabels = { draft: 'Draft', published: 'Published', scheduled: 'Scheduled' } as const

/** Share of the progress bar taken by compression; the upload fills the rest. */
const compressionShare = 80

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
  /** The status line (spec §2: under the form), shown in the form's bar beside Save. */
  statusLine?: ReactNode
}

export function BlogEditorForm({
  post,
  offerDraft = false,
  onSaved,
  onStatus,
  onCancelEdit,
  onLoadPost,
  onDirtyChange,
  statusLine,
}: BlogEditorFormProps) {
  const store = useBlogStore()
  const platform = usePlatform()
  const id = useId()
  // A contributor writes drafts only: an editor publishes or schedules them (the database refuses the rest).
  const { mayPublish } = useAdminRole()
  const [baseline] = useState<BlogFormValues>(() =>
    post
      ? formValuesFromPost(post)
      : { ...emptyFormValues(), ...(mayPublish ? {} : { status: 'draft' as const }) },
  )
  const [values, setValues] = useState<BlogFormValues>(baseline)
  const [editing, setEditing] = useState<EditingPost | null>(
    post ? { id: post.id, slug: post.slug, version: post.version } : null,
  )
  const [editorKey, setEditorKey] = useState(0)
  const [saving, setSaving] = useState(false)
  const [coverProgress, setCoverProgress] = useState<number | null>(null)
  const [draftOffer, setDraftOffer] = useState<StoredDraft | null>(() =>
    offerDraft && !post ? readDraft(window.localStorage) : null,
  )
  const dirty = !sameFormValues(values, baseline)
  const savedRef = useRef(false)
  const formRef = useRef<HTMLFormElement | null>(null)
  const [previewing, setPreviewing] = useState(false)
  const [showHistory, setShowHistory] = useState(false)
  const [shareLink, setShareLink] = useState<PreviewLink | null>(null)
  const [sharing, setSharing] = useState(false)
  const publishAtIso = values.status === 'scheduled' ? fromLocalInput(values.publishAt) : null
  const editorHandle = useRef<EditorHandle | null>(null)
  /** Someone else saved or deleted this post after it was opened: their copy, until the editor chooses. */
  const [conflict, setConflict] = useState<{ theirs: BlogRow | null } | null>(null)
  const [resolving, setResolving] = useState(false)
  const [conflictError, setConflictError] = useState<string | null>(null)
  const conflictRef = useRef<HTMLDivElement | null>(null)
  // "Your version" in the comparison is the form as it stands (the editor may keep typing before choosing).
  const mine = useMemo(() => {
    if (!conflict) return null
    try {
      return blogInputFromForm(values, sanitizeHtml)
    } catch {
      return null
    }
  }, [conflict, values])

  useEffect(() => {
    if (!conflict) return
    conflictRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' })
    conflictRef.current?.focus({ preventScroll: true })
  }, [conflict])

  // Keep the unsaved form locally (debounced) so a reload or crash does not lose it.
  useEffect(() => {
    if (!dirty || draftOffer) return
    const timer = setTimeout(() => {
      if (!savedRef.current)
        writeDraft(window.localStorage, { values, editing, savedAt: new Date().toISOString() })
    }, 400)
    return () => clearTimeout(timer)
  }, [values, editing, dirty, draftOffer])

  useEffect(() => {
    onDirtyChange?.(dirty)
  }, [dirty, onDirtyChange])

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

  // Warn before leaving the page with unsaved edits.
  useEffect(() => {
    if (!dirty) return
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [dirty])

  const set = <K extends keyof BlogFormValues>(key: K, value: BlogFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }))

  function restoreDraft() {
    if (!draftOffer) return
    setValues(draftOffer.values)
    setEditing(draftOffer.editing)
    setEditorKey((k) => k + 1)
    setDraftOffer(null)
  }

  function discardDraft() {
    clearDraft(window.localStorage)
    setDraftOffer(null)
  }

  async function uploadCover(file: File) {
    setCoverProgress(0)
    try {
      const compressed = await platform.compressImage(file, {
        onProgress: (p) => setCoverProgress((p * compressionShare) / 100),
      })
      const url = await store.uploadImage(compressed.data, {
        folder: 'blog-covers',
        extension: compressed.extension,
        contentType: compressed.contentType,
        onProgress: (p) => setCoverProgress(compressionShare + (p * (100 - compressionShare)) / 100),
      })
      setCoverProgress(100)
      set('coverImageUrl', url)
      onStatus('✅ Image uploaded successfully!')
    } catch (err) {
      onStatus(`❌ Image upload failed: ${err instanceof Error ? err.message : String(err)}`)
    } finally {
      setCoverProgress(null)
    }
  }

  async function uploadContentImage(file: File): Promise<string> {
    // GIFs keep their animation and icons their format: only photos and PNGs are recompressed.
    const recompress = file.type === 'image/jpeg' || file.type === 'image/png'
    if (recompress) {
      const compressed = await platform.compressImage(file, {})
      return store.uploadImage(compressed.data, {
        folder: 'blog-content',
        extension: compressed.extension,
        contentType: compressed.contentType,
      })
    }
    if (!editorImageTypes.includes(file.type)) throw new Error('The file given is not an image')
    // Storage knows icons as image/x-icon only.
    const contentType = file.type === 'image/vnd.microsoft.icon' ? 'image/x-icon' : file.type
    return store.uploadImage(file, {
      folder: 'blog-content',
      extension: imageExtension(file.type, file.name),
      contentType,
    })
  }

  /** The form as the store saves it (null after reporting what is missing or wrong). */
  function currentInput(): BlogInput | null {
    const missing = missingRequiredField(values)
    if (missing) {
      onStatus(`❌ Failed to save blog: ${missing}`)
      return null
    }
    try {
      const live = editorHandle.current?.getContent()
      const current = live ? { ...values, contentHtml: live.html, contentMarkdown: live.markdown } : values
      return blogInputFromForm(current, sanitizeHtml)
    } catch (err) {
      onStatus(`❌ Something went wrong: ${err instanceof Error ? err.message : String(err)}`)
      return null
    }
  }

  function saved(post: BlogRow, message = '✅ Blog saved successfully!') {
    savedRef.current = true
    clearDraft(window.localStorage)
    setConflict(null)
    onStatus(message)
    onSaved(post)
  }

  /** A lost race is not an error to read: it opens the comparison, and the status line says why. */
  function showConflict(err: unknown): boolean {
    const lost = conflictOf(err)
    if (!lost) return false
    setConflict({ theirs: lost.theirs })
    onStatus(
      `❌ Failed to save blog: ${err instanceof Error ? err.message : 'Someone else changed this post.'} Choose which version to keep.`,
    )
    return true
  }

  /**
   * Restores a saved revision: its fields go into the form and are saved over the version the form has open,
   * an ordinary conditional save (so it becomes a new revision, and a lost race opens the comparison).
   */
  async function restoreRevision(revision: Revision) {
    if (!editing || saving || resolving) return
    if (dirty && !window.confirm('Discard your unsaved changes?')) return
    const restored = formValuesFromPost(revision)
    setValues(restored)
    setEditorKey((k) => k + 1)
    setShowHistory(false)
    setSaving(true)
    try {
      const post = await store.save(blogInputFromForm(restored, sanitizeHtml), {
        mode: 'update',
        id: editing.id,
        version: editing.version,
      })
      savedRef.current = true
      clearDraft(window.localStorage)
      onStatus(`✅ Blog saved successfully! Version ${revision.version} is restored.`)
      onLoadPost(post)
    } catch (err) {
      if (!showConflict(err))
        onStatus(`❌ Failed to save blog: ${err instanceof Error ? err.message : String(err)}`)
    } finally {
      setSaving(false)
    }
  }

  async function sharePreview() {
    if (!editing || sharing) return
    setSharing(true)
    try {
      setShareLink(await store.createPreviewLink(editing.id))
    } catch (err) {
      onStatus(`❌ Something went wrong: ${err instanceof Error ? err.message : String(err)}`)
    } finally {
      setSharing(false)
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (saving || resolving) return
    const input = currentInput()
    if (!input) return
    setSaving(true)
    try {
      const target = editing
        ? { mode: 'update' as const, id: editing.id, version: editing.version }
        : { mode: 'create' as const }
      saved(await store.save(input, target))
    } catch (err) {
      if (!showConflict(err))
        onStatus(`❌ Failed to save blog: ${err instanceof Error ? err.message : String(err)}`)
    } finally {
      setSaving(false)
    }
  }

  async function resolve(choice: ConflictChoice) {
    if (!conflict || resolving) return
    const { theirs } = conflict
    if (choice === 'theirs') {
      savedRef.current = true
      clearDraft(window.localStorage)
      onStatus(
        theirs
          ? '✅ Kept the version on the server: your changes were dropped.'
          : '✅ Kept the deletion on the server: your changes were dropped.',
      )
      onLoadPost(theirs)
      return
    }
    const input = currentInput()
    if (!input) return
    setResolving(true)
    setConflictError(null)
    try {
      if (choice === 'mine') {
        // Over their copy: the save names the version now on the server (or creates the post again).
        const target = theirs
          ? { mode: 'update' as const, id: theirs.id, version: theirs.version }
          : { mode: 'create' as const }
        saved(await store.save(input, target))
      } else {
        const slug = await freeCopySlug(
          input.slug,
          async (candidate) => (await store.getBySlug(candidate)) !== null,
        )
        const copy = await store.save({ ...input, slug }, { mode: 'create' })
        saved(copy, `✅ Blog saved successfully! Your version is a new post at “${copy.slug}”.`)
      }
    } catch (err) {
      if (showConflict(err)) {
        setConflictError(
          'The post changed again while you were choosing: the comparison now shows the latest.',
        )
      } else {
        const message = err instanceof Error ? err.message : String(err)
        setConflictError(message)
        onStatus(`❌ Failed to save blog: ${message}`)
      }
    } finally {
      setResolving(false)
    }
  }

  function cancel() {
    if (dirty && !window.confirm('Discard your unsaved changes?')) return
    savedRef.current = true
    clearDraft(window.localStorage)
    onCancelEdit()
  }

  const field = (name: string) => `${id}-${name}`

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label="Blog post">
      <div className="space-y-5 px-4 pt-4 pb-6 sm:px-6">
        {draftOffer && (
          <Alert title="Unsaved draft found">
            <p>
              You have an unsaved draft{draftOffer.values.title ? ` “${draftOffer.values.title}”` : ''} from{' '}
              {new Date(draftOffer.savedAt).toLocaleString('en-US')}.
            </p>
            <div className="mt-2 flex gap-2">
              <Button size="sm" onClick={restoreDraft}>
                Restore draft
              </Button>
              <Button size="sm" variant="outline" onClick={discardDraft}>
                Discard draft
              </Button>
            </div>
          </Alert>
        )}
        {editing ? (
          <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-lg bg-indigo-50 px-3 py-2 text-sm text-indigo-900">
            <span className="flex min-w-0 flex-[1_1_12rem] items-center gap-2">
              <PenLine aria-hidden="true" className="size-4 shrink-0 text-indigo-600" />
              <span className="truncate">Editing “{editing.slug}”</span>
            </span>
            <span className="-mx-2 flex flex-wrap gap-1 sm:mx-0 sm:justify-end">
              <Button
                size="sm"
                variant="ghost"
                aria-pressed={showHistory}
                onClick={() => setShowHistory((h) => !h)}
                className="aria-pressed:bg-indigo-100"
              >
                <History aria-hidden="true" className="size-4" /> History
              </Button>
              <Button
                size="sm"
                variant="ghost"
                disabled={sharing}
                onClick={() => void sharePreview()}
                title="A link to this post's preview that anyone can open, without signing in, until it expires"
              >
                {sharing ? <Spinner /> : <Link2 aria-hidden="true" className="size-4" />} Share link
              </Button>
              <Button size="sm" variant="ghost" onClick={cancel}>
                New post instead
              </Button>
            </span>
          </div>
        ) : (
          <p className="text-sm text-slate-500">New post</p>
        )}
        {shareLink && <ShareLinkBox link={shareLink} onClose={() => setShareLink(null)} />}
        {showHistory && editing && (
          <PostHistory
            postId={editing.id}
            currentVersion={editing.version}
            busy={saving || resolving}
            onRestore={(revision) => void restoreRevision(revision)}
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
          />
        )}
        <div className={cx('grid gap-5 md:grid-cols-2', (previewing || showHistory) && 'hidden')}>
          <div className="space-y-1.5 md:col-span-2">
            <Label htmlFor={field('title')}>Title</Label>
            <Input
              id={field('title')}
              name="title"
              required
              value={values.title}
              onChange={(e) => setValues((v) => withTitle(v, e.target.value))}
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={field('slug')}>Slug</Label>
            <Input
              id={field('slug')}
              name="slug"
              required
              value={values.slug}
              onChange={(e) => set('slug', e.target.value)}
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={field('author')}>Author</Label>
            <Input
              id={field('author')}
              name="author"
              required
              value={values.author}
              onChange={(e) => set('author', e.target.value)}
            />
          </div>
          <Segmented
            legend="Type"
            name={field('type')}
            options={blogTypes.map((type) => ({ value: type, label: typeLabels[type] }))}
            value={values.type}
            onChange={(type) => set('type', type)}
          />
          <Segmented
            legend="Status"
            name={field('status')}
            options={blogStatuses
              .filter((status) => mayPublish || status === 'draft')
              .map((status) => ({ value: status, label: statusLabels[status] }))}
            value={values.status}
            onChange={(status) => set('status', status)}
          />
          {values.status === 'scheduled' && (
            <div className="space-y-1.5 md:col-span-2" data-testid="schedule">
              <Label htmlFor={field('publish-at')}>Publish at</Label>
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
                <Input
                  id={field('publish-at')}
                  name="publish_at"
                  type="datetime-local"
                  required
                  className="sm:max-w-xs"
                  value={values.publishAt}
                  onChange={(e) => set('publishAt', e.target.value)}
                  aria-describedby={field('publish-at-zone')}
                />
                <span id={field('publish-at-zone')} className="text-sm text-slate-600">
                  Time zone: {editorTimeZone()} (
                  {timeZoneLabel(publishAtIso ? new Date(publishAtIso) : new Date())})
                </span>
              </div>
              {publishAtIso && (
                <p
                  data-testid="scheduled-for"
                  className="flex items-center gap-1.5 text-sm font-medium text-indigo-800"
                >
                  <CalendarClock aria-hidden="true" className="size-4" />
                  Scheduled for {formatPublishAt(publishAtIso)}
                  {Date.parse(publishAtIso) <= Date.now() && (
                    <span className="font-normal text-slate-600">
                      {' '}
                      (this time has passed: the post is public)
                    </span>
                  )}
                </p>
              )}
            </div>
          )}
          <div className="space-y-1.5 md:col-span-2">
            <Label htmlFor={field('excerpt')}>Excerpt</Label>
            <Textarea
              id={field('excerpt')}
              name="excerpt"
              className="min-h-16"
              placeholder="Left empty, it is taken from the start of the content"
              value={values.excerpt}
              onChange={(e) => set('excerpt', e.target.value)}
            />
          </div>
          <div className="space-y-1.5 md:col-span-2">
            <Label htmlFor={field('tags')}>Tags (comma-separated)</Label>
            <Input
              id={field('tags')}
              name="tags"
              placeholder="hiring, gcc, india"
              value={values.tags}
              onChange={(e) => set('tags', e.target.value)}
            />
          </div>
          <div className="space-y-1.5 md:col-span-2">
            <span className="block text-sm font-medium text-slate-700">Cover image</span>
            <CoverImageDropzone
              url={values.coverImageUrl}
              progress={coverProgress}
              onFile={(file) => void uploadCover(file)}
              onRemove={() => set('coverImageUrl', '')}
            />
          </div>
          <div className="space-y-1.5 md:col-span-2">
            <span className="block text-sm font-medium text-slate-700">Content</span>
            <Suspense
              fallback={
                <p className="flex items-center gap-2 text-sm text-slate-500">
                  <Spinner /> Loading editor…
                </p>
              }
            >
              <MilkdownEditor
                key={editorKey}
                handleRef={editorHandle}
                initialMarkdown={values.contentMarkdown}
                initialHtml={values.contentHtml}
                onChange={({ markdown, html }) =>
                  setValues((v) => ({ ...v, contentMarkdown: markdown, contentHtml: html }))
                }
                uploadImage={uploadContentImage}
                onMessage={onStatus}
              />
            </Suspense>
          </div>
        </div>
        {conflict && (
          // Scrolled to below the site's sticky header (the desktop has none; the margin costs nothing there).
          <div ref={conflictRef} tabIndex={-1} className="scroll-mt-24 outline-none">
            <ConflictComparison
              mine={mine}
              theirs={conflict.theirs}
              postTitle={values.title || conflict.theirs?.title || editing?.slug || 'Untitled'}
              theirsChangedAt={conflict.theirs?.updated_at}
              headingLevel="h2"
              busy={resolving}
              error={conflictError}
              onChoose={(choice) => void resolve(choice)}
            />
          </div>
        )}
      </div>
      {/* The form's bar: the status line (under the form, spec §2), preview and save, always in reach. */}
      <div className="sticky bottom-0 z-10 flex items-center gap-3 rounded-b-xl border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:px-6">
        <div className="min-w-0 flex-1">{statusLine}</div>
        <Button
          variant="outline"
          aria-pressed={previewing}
          onClick={() => setPreviewing((p) => !p)}
          className="shrink-0 aria-pressed:border-indigo-300 aria-pressed:bg-indigo-50 aria-pressed:text-indigo-800"
        >
          <Eye aria-hidden="true" className="size-4" />
          Preview
        </Button>
        <Button
          type="submit"
          className="shrink-0"
          title="Save (Ctrl+S or ⌘S)"
          disabled={saving || resolving || coverProgress !== null}
        >
          {saving && <Spinner />}
          {saving ? 'Saving...' : 'Save Blog Post'}
        </Button>
      </div>
    </form>
  )
}

/** A choice of a few values as one row of buttons (radio buttons underneath, so arrow keys move the choice). */
function Segmented<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: string
  name: string
  options: { value: T; label: string }[]
  value: T
  onChange(value: T): void
}) {
  return (
    <fieldset className="space-y-1.5">
      <legend className="mb-1.5 text-sm font-medium text-slate-700">{legend}</legend>
      <div className="inline-flex rounded-lg bg-slate-100 p-1">
        {options.map((option) => (
          <label
            key={option.value}
            className={cx(
              'relative cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-600',
              option.value === value
                ? 'bg-white text-slate-900 shadow-sm'
                : 'text-slate-600 hover:text-slate-900',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
              className="absolute inset-0 cursor-pointer appearance-none rounded-md opacity-0"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  )
}

/** A preview's share link: the address to copy or open, and until when it works. */
function ShareLinkBox({ link, onClose }: { link: PreviewLink; onClose(): void }) {
  const id = useId()
  const [copied, setCopied] = useState(false)
  async function copy() {
    try {
      await navigator.clipboard.writeText(link.url)
      setCopied(true)
    } catch {
      document.getElementById(id)?.focus()
    }
  }
  return (
    <div
      data-testid="share-link"
      className="space-y-2 rounded-lg border border-indigo-200 bg-white p-3 text-sm"
    >
      <div className="flex items-center justify-between gap-3">
        <Label htmlFor={id}>Preview link</Label>
        <Button size="sm" variant="ghost" onClick={onClose}>
          Close
        </Button>
      </div>
      <div className="flex gap-2">
        <Input
          id={id}
          readOnly
          value={link.url}
          className="h-9 font-mono text-xs"
          onFocus={(e) => e.target.select()}
        />
        <Button size="sm" variant="outline" className="h-9 shrink-0" onClick={() => void copy()}>
          <Copy aria-hidden="true" className="size-4" /> {copied ? 'Copied' : 'Copy'}
        </Button>
        <a
          href={link.url}
          target="_blank"
          rel="noreferrer noopener"
          className="inline-flex h-9 shrink-0 items-center gap-1.5 rounded-md border border-slate-300 px-3 font-medium text-slate-700 hover:bg-slate-50"
        >
          <ExternalLink aria-hidden="true" className="size-4" /> Open
        </a>
      </div>
      <p className="text-slate-600">
        Anyone with this link can read the saved post, without signing in, until{' '}
        <time dateTime={link.expiresAt}>{formatPublishAt(link.expiresAt)}</time>. Search engines never list
        it.
      </p>
    </div>
  )
}
