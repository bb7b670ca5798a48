import type { HTMLAttributes, ReactNode } from 'react'

/**
 * The panel of an expander that opens and closes with a height animation (grid rows 0fr ↔ 1fr).
 * Closed, it is `visibility: hidden` once the animation ends, so its content leaves the accessibility
 * tree and the tab order as `hidden` would; under reduced motion it snaps.
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
      className={`grid transition-[grid-template-rows,visibility] duration-300 ease-out motion-reduce:transition-none ${
        open ? 'visible grid-rows-[1fr]' : 'invisible grid-rows-[0fr]'
      }`}
    >
      <div className="min-h-0 overflow-hidden">
        <div className={className}>{children}</div>
      </div>
    </div>
  )
}
