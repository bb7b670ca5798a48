import { useEffect, useState, type DependencyList } from 'react'

/** What a failed request says to the person who made it. */
export const errorMessage = (err: unknown) => (err instanceof Error ? err.message : String(err))

/**
 * Loads what a screen shows, again whenever `deps` change: after `delayMs` (a search box waits for the typing
 * to stop), keeping what it showed until the new answer arrives; an answer to an older request is dropped.
 */
export function useLoaded<T>(load: () => Promise<T>, deps: DependencyList, delayMs = 0) {
  const [data, setData] = useState<T | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [loading, setLoading] = useState(true)

  useEffect(() => {
    let active = true
    setLoading(true)
    const start = () =>
      load().then(
        (result) => {
          if (!active) return
          setData(result)
          setError(null)
          setLoading(false)
        },
        (err: unknown) => {
          if (!active) return
          setError(errorMessage(err))
          setLoading(false)
        },
      )
    const timer = delayMs > 0 ? setTimeout(start, delayMs) : (start(), undefined)
    return () => {
      active = false
      clearTimeout(timer)
    }
    // The caller names what the load depends on (its deps), as with useEffect.
  }, deps)

  return { data, setData, error, setError, loading }
}
