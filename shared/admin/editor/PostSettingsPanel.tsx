import { useEffect, useId, useRef, type ReactNode } from 'react'
import { blogTypeLabels } from '../../lib/post-types.ts'
import { blogStatuses, blogTypes, tagMaxLength, tagPunctuation } from '../../schemas/blog.ts'
import { cx } from '../../ui/cx.ts'
import { Input, Textarea } from '../../ui/Input.tsx'
import { Label } from '../../ui/Label.tsx'
import { scheduledFor } from '../BlogEditorForm.utils.ts'
import { CloseButton } from '../CloseButton.tsx'
import { FormField } from '../FormField.tsx'
import { useAdminRole } from '../useAdminRole.ts'
import { CoverField } from './CoverField.tsx'
import { ScheduleField } from './ScheduleField.tsx'
import { SegmentedChoice } from './SegmentedChoice.tsx'
import type { Drawer } from './useDrawer.ts'
import type { CoverUpload } from './useImageUpload.ts'
import type { PostForm } from './usePostForm.ts'

const statusLabels = { draft: 'Draft', published: 'Published', scheduled: 'Scheduled' } as const

export interface PostSettingsPanelProps {
  /** Open as a drawer below 1280 px (from 1280 px the panel always sits beside the canvas). */
  drawer: Drawer
  form: Pick<PostForm, 'values' | 'set'>
  cover: CoverUpload
  /**
   * Steps aside on a wide screen too (a conflict is being resolved: the comparison needs the room and
   * shows every setting itself); the Settings button still opens it as a drawer.
   */
  stepAside?: boolean
  /** More settings at the end (the newsletter section). */
  children?: ReactNode
}

/**
 * Everything about a post but its title and body: slug, author, type, status and schedule, excerpt, tags and
 * cover. Beside the canvas on a wide screen; a drawer over it on narrower ones (Escape or × closes it).
 */
export function PostSettingsPanel({
  drawer: { id, open, close: onClose },
  form: { values, set },
  cover,
  stepAside = false,
  children,
}: PostSettingsPanelProps) {
  // A contributor writes drafts only.
  const { mayPublish } = useAdminRole()
  const fieldId = useId()
  const field = (name: string) => `${fieldId}-${name}`
  const closeButton = useRef<HTMLButtonElement | null>(null)

  useEffect(() => {
    if (!open) return
    closeButton.current?.focus()
    const escape = (event: KeyboardEvent) => event.key === 'Escape' && onClose()
    window.addEventListener('keydown', escape)
    return () => window.removeEventListener('keydown', escape)
  }, [open, onClose])

  return (
    <>
      {open && (
        <div aria-hidden="true" className="fixed inset-0 z-40 bg-slate-950/40 xl:hidden" onClick={onClose} />
      )}
      <aside
        id={id}
        aria-labelledby={`${id}-heading`}
        className={cx(
          'flex-col bg-white xl:relative xl:w-80 xl:shrink-0 xl:overflow-y-auto xl:border-l xl:border-slate-200 2xl:w-96',
          'max-xl:fixed max-xl:inset-y-0 max-xl:right-0 max-xl:z-50 max-xl:w-full max-xl:max-w-sm max-xl:overflow-y-auto max-xl:shadow-2xl',
          open ? 'flex' : 'hidden',
          !stepAside && 'xl:flex',
        )}
      >
        <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3 xl:border-b-0 xl:pb-0">
          <h2 id={`${id}-heading`} className="text-sm font-semibold text-slate-900">
            Post settings
          </h2>
          <CloseButton
            ref={closeButton}
            onClick={onClose}
            aria-label="Close settings"
            className="xl:hidden"
          />
        </div>
        <div className="space-y-5 p-4">
          {(
            [
              ['slug', 'Slug'],
              ['author', 'Author'],
            ] as const
          ).map(([name, label]) => (
            <FormField
              key={name}
              label={label}
              name={name}
              required
              value={values[name]}
              onValue={(value) => set(name, value)}
            />
          ))}
          <SegmentedChoice
            legend="Type"
            name={field('type')}
            options={blogTypes.map((type) => ({ value: type, label: blogTypeLabels[type] }))}
            value={values.type}
            onChange={(type) => set('type', type)}
          />
          <SegmentedChoice
            legend="Status"
            name={field('status')}
            options={blogStatuses
              .filter((status) => mayPublish || status === 'draft')
              .map((status) => ({ value: status, label: statusLabels[status] }))}
            value={values.status}
            onChange={(status) => set('status', status)}
          />
          {values.status === 'scheduled' && (
            <ScheduleField
              id={field('publish-at')}
              value={values.publishAt}
              publishAtIso={scheduledFor(values)}
              onChange={(value) => set('publishAt', value)}
            />
          )}
          <div className="space-y-1.5">
            <Label htmlFor={field('excerpt')}>Excerpt</Label>
            <Textarea
              id={field('excerpt')}
              name="excerpt"
              className="min-h-20"
              placeholder="Left empty, it is taken from the start of the content"
              value={values.excerpt}
              onChange={(e) => set('excerpt', e.target.value)}
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={field('tags')}>Tags (comma-separated)</Label>
            <Input
              id={field('tags')}
              name="tags"
              placeholder="hiring, gcc, india"
              value={values.tags}
              onChange={(e) => set('tags', e.target.value)}
              aria-describedby={field('tags-hint')}
            />
            <p id={field('tags-hint')} className="text-sm text-slate-600">
              Commas separate tags, so a tag cannot contain one. Each tag: up to {tagMaxLength} letters,
              numbers, spaces and {tagPunctuation}
            </p>
          </div>
          <CoverField
            url={values.coverImageUrl}
            progress={cover.progress}
            onFile={(file) => void cover.uploadCover(file)}
            onRemove={() => set('coverImageUrl', '')}
          />
          {children}
        </div>
      </aside>
    </>
  )
}
