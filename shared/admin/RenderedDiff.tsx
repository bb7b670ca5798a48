import { useMemo } from 'react'
import { cx } from '../ui/cx.ts'
import { renderedDiffHtml } from './rendered-diff.ts'

/** (The `.post-content` styles come with the admin: PostPreview imports them.) Marks in the post's own typography: added words and blocks green, removed ones red and struck through. */
const marks =
  '[&_ins]:rounded-sm [&_ins]:bg-green-100 [&_ins]:text-green-900 [&_ins]:no-underline [&_del]:rounded-sm [&_del]:bg-red-100 [&_del]:text-red-900 ' +
  '[&_.diff-block]:my-3 [&_.diff-block]:rounded-r-md [&_.diff-block]:border-l-4 [&_.diff-block]:py-0.5 [&_.diff-block]:pl-3 [&_.diff-block>*]:my-1 ' +
  '[&_.diff-ins]:border-green-500 [&_.diff-ins]:bg-green-50 [&_.diff-del]:border-red-400 [&_.diff-del]:bg-red-50 [&_.diff-del]:text-red-900 [&_.diff-del]:line-through'

/**
 * A post's body from `before` to `after` as it reads (headings, lists, images), not as Markdown: the words
 * and blocks that changed are marked, with "Added"/"Removed" said to screen readers.
 */
export function RenderedDiff({
  before,
  after,
  className,
  testId,
}: {
  before: string
  after: string
  className?: string
  testId?: string
}) {
  const html = useMemo(() => renderedDiffHtml(before, after), [before, after])
  return (
    <div
      data-testid={testId}
      className={cx('post-content text-base [&>*:first-child]:mt-0', marks, className)}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}
