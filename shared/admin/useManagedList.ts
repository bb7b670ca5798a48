import { useCallback, useEffect, useState } from 'react'
import { errorMessage } from './useLoaded.ts'

/** The screen's message line: how the last change went, or why the list did not load. */
export interface ListMessage {
  tone: 'ok' | 'error'
  text: string
}

/**
 * A list an administrator manages (people, webhook endpoints): loaded when the screen opens, and changed one
 * item at a time by `act`, which marks the item busy, shows what `run` says (or why it failed) and reloads.
 * `list` is the request that loads it; a new `list` loads again.
 */
export function useManagedList<T>(list: () => Promise<T[]>) {
  const [items, setItems] = useState<T[] | null>(null)
  const [message, setMessage] = useState<ListMessage | null>(null)
  const [busyId, setBusyId] = useState<string | null>(null)

  const load = useCallback(async () => {
    try {
      setItems(await list())
    } catch (err) {
      setMessage({ tone: 'error', text: errorMessage(err) })
    }
  }, [list])

  useEffect(() => {
    void load()
  }, [load])

  async function act(itemId: string, run: () => Promise<string>) {
    setBusyId(itemId)
    setMessage(null)
    try {
      setMessage({ tone: 'ok', text: await run() })
      await load()
    } catch (err) {
      setMessage({ tone: 'error', text: errorMessage(err) })
    } finally {
      setBusyId(null)
    }
  }

  return { items, load, message, setMessage, busyId, act }
}
