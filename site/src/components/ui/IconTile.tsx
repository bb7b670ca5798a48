import type { LucideIcon } from 'lucide-react'

/**
 * A decorative icon on a tinted 44 px tile (the highlight cards, "Why is … different?", Own Talent). The
 * caller gives the display, the shape and the colours.
 */
export function IconTile({ icon: Icon, className }: { icon: LucideIcon; className: string }) {
  return (
    <span aria-hidden="true" className={`size-11 shrink-0 items-center justify-center ${className}`}>
      <Icon className="size-5" />
    </span>
  )
}
