import { useMemo, useState } from 'react'
import type { Revision } from '../../data/revisions.ts'
import { sanitizeHtml } from '../../lib/sanitize-html.ts'
import type { BlogInput, BlogRow } from '../../schemas/blog.ts'
import {
  blogInputFromForm,
  conflictOf,
  formValuesFromPost,
  missingRequiredField,
} from '../BlogEditorForm.utils.ts'
import { freeCopySlug, type ConflictChoice } from '../ConflictComparison.utils.ts'
import type { EditorContent } from '../MilkdownEditor.tsx'
import { useAdminApi } from '../useAdminApi.ts'
import type { PostForm } from './usePostForm.ts'

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err))

export interface PostSaveOptions {
  form: PostForm
  /** The body as the editor holds it now (its change listener is debounced, so a fast save reads it here). */
  liveBody(): EditorContent | null
  /** Called once a save or a choice settles the form (the local draft is forgotten). */
  settle(): void
  onStatus(message: string): void
  onSaved(post: BlogRow): void
  onLoadPost(post: BlogRow | null): void
}

export interface PostSave {
  saving: boolean
  resolving: boolean
  /** Someone else saved or deleted this post after it was opened: their copy (null: deleted), until the editor chooses. */
  conflict: { theirs: BlogRow | null } | null
  conflictError: string | null
  /** "Your version" in the comparison: the form as it stands (the editor may keep typing before choosing). */
  mine: BlogInput | null
  save(): Promise<void>
  resolve(choice: ConflictChoice): Promise<void>
  /** `onStart` runs once the editor has agreed to drop unsaved changes. */
  restoreRevision(revision: Revision, onStart?: () => void): Promise<void>
}

/**
 * Saving the form: a new post is created, an opened one is saved over the version it was opened at, and a
 * lost race opens the comparison instead of overwriting; each of the three choices then saves again.
 */
export function usePostSave({
  form,
  liveBody,
  settle,
  onStatus,
  onSaved,
  onLoadPost,
}: PostSaveOptions): PostSave {
  const admin = useAdminApi()
  const [saving, setSaving] = useState(false)
  const [resolving, setResolving] = useState(false)
  const [conflict, setConflict] = useState<{ theirs: BlogRow | null } | null>(null)
  const [conflictError, setConflictError] = useState<string | null>(null)
  const { values, editing } = form

  const mine = useMemo(() => {
    if (!conflict) return null
    try {
      return blogInputFromForm(values, sanitizeHtml)
    } catch {
      return null
    }
  }, [conflict, values])

  /** The form as the admin operations save it (null after reporting what is missing or wrong). */
  function currentInput(): BlogInput | null {
    const missing = missingRequiredField(values)
    if (missing) {
      onStatus(`❌ Failed to save blog: ${missing}`)
      return null
    }
    try {
      const live = liveBody()
      const current = live ? { ...values, contentHtml: live.html, contentMarkdown: live.markdown } : values
      return blogInputFromForm(current, sanitizeHtml)
    } catch (err) {
      onStatus(`❌ Something went wrong: ${messageOf(err)}`)
      return null
    }
  }

  function saved(post: BlogRow, message = '✅ Blog saved successfully!') {
    settle()
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

  async function save() {
    if (saving || resolving) return
    const input = currentInput()
    if (!input) return
    setSaving(true)
    try {
      const target = editing
        ? { mode: 'update' as const, id: editing.id, version: editing.version }
        : { mode: 'create' as const }
      saved(await admin.savePost(input, target))
    } catch (err) {
      if (!showConflict(err)) onStatus(`❌ Failed to save blog: ${messageOf(err)}`)
    } finally {
      setSaving(false)
    }
  }

  /**
   * Restores a saved revision: its fields go into the form and are saved over the version the form has open,
   * an ordinary conditional save (so it becomes a new revision, and a lost race opens the comparison).
   */
  async function restoreRevision(revision: Revision, onStart?: () => void) {
    if (!editing || saving || resolving) return
    if (form.dirty && !window.confirm('Discard your unsaved changes?')) return
    onStart?.()
    const restored = formValuesFromPost(revision)
    form.replace(restored)
    setSaving(true)
    try {
      const post = await admin.savePost(blogInputFromForm(restored, sanitizeHtml), {
        mode: 'update',
        id: editing.id,
        version: editing.version,
      })
      settle()
      onStatus(`✅ Blog saved successfully! Version ${revision.version} is restored.`)
      onLoadPost(post)
    } catch (err) {
      if (!showConflict(err)) onStatus(`❌ Failed to save blog: ${messageOf(err)}`)
    } finally {
      setSaving(false)
    }
  }

  async function resolve(choice: ConflictChoice) {
    if (!conflict || resolving) return
    const { theirs } = conflict
    if (choice === 'theirs') {
      settle()
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
        saved(await admin.savePost(input, target))
      } else {
        const slug = await freeCopySlug(
          input.slug,
          async (candidate) => (await admin.getPost(candidate)) !== null,
        )
        const copy = await admin.savePost({ ...input, slug }, { mode: 'create' })
        saved(copy, `✅ Blog saved successfully! Your version is a new post at “${copy.slug}”.`)
      }
    } catch (err) {
      if (showConflict(err)) {
        setConflictError(
          'The post changed again while you were choosing: the comparison now shows the latest.',
        )
      } else {
        setConflictError(messageOf(err))
        onStatus(`❌ Failed to save blog: ${messageOf(err)}`)
      }
    } finally {
      setResolving(false)
    }
  }

  return { saving, resolving, conflict, conflictError, mine, save, resolve, restoreRevision }
}
