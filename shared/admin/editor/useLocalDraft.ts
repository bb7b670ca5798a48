import { useCallback, useEffect, useRef, useState } from 'react'
import { clearDraft, readDraft, writeDraft, type StoredDraft } from '../BlogEditorForm.utils.ts'
import type { PostForm } from './usePostForm.ts'

export interface LocalDraft {
  /** A draft kept from an earlier visit, offered back until restored or discarded. */
  offer: StoredDraft | null
  restore(): void
  discard(): void
  /** The form was saved or deliberately dropped: stop keeping it and forget what was kept. */
  settle(): void
}

/**
 * Unsaved work is not lost: the form is kept in localStorage (debounced) so a reload or a crash does not lose
 * it, offered back on the first form after opening the admin, and leaving the page with edits asks first.
 */
export function useLocalDraft(form: PostForm, offerDraft: boolean, isNewPost: boolean): LocalDraft {
  const [offer, setOffer] = useState<StoredDraft | null>(() =>
    offerDraft && isNewPost ? readDraft(window.localStorage) : null,
  )
  const settled = useRef(false)
  const { values, editing, dirty, replace } = form

  useEffect(() => {
    if (!dirty || offer) return
    const timer = setTimeout(() => {
      if (!settled.current)
        writeDraft(window.localStorage, { values, editing, savedAt: new Date().toISOString() })
    }, 400)
    return () => clearTimeout(timer)
  }, [values, editing, dirty, offer])

  useEffect(() => {
    if (!dirty) return
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [dirty])

  const restore = useCallback(() => {
    if (!offer) return
    replace(offer.values, offer.editing)
    setOffer(null)
  }, [offer, replace])

  const discard = useCallback(() => {
    clearDraft(window.localStorage)
    setOffer(null)
  }, [])

  const settle = useCallback(() => {
    settled.current = true
    clearDraft(window.localStorage)
  }, [])

  return { offer, restore, discard, settle }
}
