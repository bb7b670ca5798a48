import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Button } from '../ui/Button.tsx'
import { cx } from '../ui/cx.ts'

/**
 * The bar under an admin list (posts, leads, subscribers): Previous, "Page X of Y", Next (spec §2). `className`
 * places and spaces it in its screen.
 */
export function Pager({
  page,
  pageCount,
  onPage,
  className,
}: {
  page: number
  pageCount: number
  onPage: (page: number) => void
  className?: string
}) {
  return (
    <div className={cx('flex items-center text-sm', className)}>
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(Math.max(1, page - 1))}>
        <ChevronLeft aria-hidden="true" className="-ml-1 size-4" /> Previous
      </Button>
      <span className="whitespace-nowrap text-slate-600">
        Page {Math.min(page, pageCount)} of {pageCount}
      </span>
      <Button variant="outline" size="sm" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        Next <ChevronRight aria-hidden="true" className="-mr-1 size-4" />
      </Button>
    </div>
  )
}
