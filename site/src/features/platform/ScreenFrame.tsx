import type { ReactNode } from 'react'
import { brand } from '@shared/config/brand.ts'

/** Where a product screen goes on its page. */
export interface ScreenProps {
  className?: string
  /** Show "Illustrative data" under this screen (off when another screen beside it says it). */
  caption?: boolean
}

/**
 * A product screen drawn as a window: a figure whose visible content is illustrative (hidden from screen
 * readers, which get `description` instead) and a caption that says the data is invented.
 */
export function ScreenFrame({
  title,
  description,
  children,
  className = '',
  caption = true,
}: ScreenProps & {
  /** The screen's name, after the product's in the window's title bar. */
  title: string
  description: string
  children: ReactNode
}) {
  return (
    <figure className={className}>
      <div
        aria-hidden="true"
        className="overflow-hidden rounded-panel bg-white text-ink-900 shadow-float ring-1 ring-ink-900/10 select-none"
      >
        <div className="flex items-center gap-3 border-b border-ink-100 bg-ink-50/80 px-4 py-2.5">
          <span className="flex gap-1.5">
            <span className="size-2.5 rounded-full bg-ink-300" />
            <span className="size-2.5 rounded-full bg-ink-300" />
            <span className="size-2.5 rounded-full bg-ink-300" />
          </span>
          <span className="truncate text-xs font-medium text-ink-600">{`${brand.name} · ${title}`}</span>
        </div>
        <div className="p-4 sm:p-5">{children}</div>
      </div>
      <figcaption className="mt-3 text-xs text-ink-500">
        <span className="sr-only">{description} </span>
        {caption ? 'Illustrative data' : <span className="sr-only">Illustrative data</span>}
      </figcaption>
    </figure>
  )
}
