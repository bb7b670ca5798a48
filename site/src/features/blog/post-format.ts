import { longDate as longDateOf } from '@shared/lib/dates.ts'
import { brand } from '@shared/config/brand.ts'

/**
 * Long-form date of a post (spec §2): "March 4, 2026", the product's one date format. In UTC, so the server's
 * rendering and the browser's hydration agree whatever the reader's time zone.
 */
export const longDate = (iso: string): string => longDateOf(iso)

/** Spec §2: an empty author shows the brand's default author. */
export function authorOrDefault(author: string | null | undefined): string {
  return author?.trim() ? author : brand.defaultAuthor
}
