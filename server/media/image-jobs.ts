// Image work shared by every way an image is asked for: one sharp, set for a small machine, and one limit
// on how many images the process decodes and encodes at once.

let sharpModule: Promise<typeof import('sharp')> | undefined

/**
 * sharp (libvips) is loaded on the first image request, not at every server start, and set for a small
 * machine (1 GB, two shared cores): one libvips thread per job keeps requests responsive, and no operation
 * cache (by default up to 50 MB of decoded pixels, kept for a repeat that the variant cache on disk already
 * answers).
 */
export function loadSharp() {
  sharpModule ??= import('sharp').then((m) => {
    m.default.concurrency(1)
    m.default.cache(false)
    return m
  })
  return sharpModule.then((m) => m.default)
}

/**
 * How many images this process decodes and encodes at once, whichever way they are asked for (`/media`
 * variants, the Open Graph images' covers, Storage's `/render/image`): a burst waits its turn rather than
 * taking the server's two cores, and memory holds at two images in work however many arrive.
 */
const maxImageJobs = 2
/** Runs one image's decode and encode when one of the process's `maxImageJobs` slots is free. */
export const imageJob = createLimiter(maxImageJobs)

/** At most `limit` jobs at a time; the rest wait their turn. */
function createLimiter(limit: number) {
  let active = 0
  const waiting: (() => void)[] = []
  return async <T>(job: () => Promise<T>): Promise<T> => {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve))
    active++
    try {
      return await job()
    } finally {
      active--
      waiting.shift()?.()
    }
  }
}
