/**
 * Where each card of the resources grid goes, so no row ends with a lone card. The grid has 2 columns from
 * 768 px and 6 from 1024 px (a card is 2 of them, three a row). On the whole listing (no search, no type
 * chosen) the first card is the featured post: the whole row at every width; a search's results are all
 * alike, best match first. Of the rest, at 1024 px a last row of two splits the row in halves, and a last
 * row of one becomes two rows of two halves; at 768 px a last card alone takes the whole row.
 */
export interface CardPlace {
  /** Columns of 6 from 1024 px. */
  lg: 2 | 3 | 6
  /** Columns of 2 from 768 px to 1024 px. */
  md: 1 | 2
  featured: boolean
}

export function cardLayout(count: number, options: { featureFirst?: boolean } = {}): CardPlace[] {
  const lead = (options.featureFirst ?? true) && count > 0 ? 1 : 0
  const rest = count - lead
  const byThree = rest % 3
  // Cards (of the rest) that sit in half-width rows at 1024 px: the last 2, or the last 4 when one is left over.
  const halves = byThree === 2 ? 2 : byThree === 1 && rest >= 4 ? 4 : 0
  return Array.from({ length: count }, (_, i) => {
    if (i < lead) return { lg: 6, md: 2, featured: true }
    const r = i - lead
    const lg = rest === 1 ? 6 : r >= rest - halves ? 3 : 2
    const md = rest % 2 === 1 && r === rest - 1 ? 2 : 1
    return { lg, md, featured: false }
  })
}

/** The classes of a place (written out, so Tailwind finds them). */
export function cardPlaceClasses(place: CardPlace): string {
  const lg = { 2: 'lg:col-span-2', 3: 'lg:col-span-3', 6: 'lg:col-span-6' }[place.lg]
  return `${lg} ${place.md === 2 ? 'md:col-span-2' : ''}`
}
