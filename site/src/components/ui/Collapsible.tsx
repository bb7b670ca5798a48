import type { HTMLAttributes, ReactNode } from 'react'

/**
 * The panel of an expander that opens and closes with a height animation (grid rows 0fr ↔ 1fr).
 * Closed, it is `visibility: hidden` once the animation ends, so its content leaves the accessibility
 * tree and the tab order as `hidden` would; under reduced motion it snaps. `open` is the state the page is
 * drawn with; from there its `data-open` attribute decides (site/src/islands/expanders.ts flips it), so the
 * look lives in CSS and no React runs for it in the browser.
 */
export function Collapsible({
  open,
  children,
  className = '',
  ...rest
}: { open: boolean; children: ReactNode } & HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      {...rest}
      data-open={open}
      className="invisible grid grid-rows-[0fr] transition-[grid-template-rows,visibility] duration-300 ease-out motion-reduce:transition-none data-[open=true]:visible data-[open=true]:grid-rows-[1fr]"
    >
      <div className="min-h-0 overflow-hidden">
        <div className={className}>{children}</div>
      </div>
    </div>
  )
}
