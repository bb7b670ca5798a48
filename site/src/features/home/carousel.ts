/** Wraps a slide index into 0..count-1 so the carousel loops in both directions. */
export function loopIndex(index: number, count: number): number {
  return ((index % count) + count) % count
}
