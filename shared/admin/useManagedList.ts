import { useCallback, useEffect, useState } from 'react'
import { errorMessage } from './useLoaded.ts'

/** The screen's message line: how the last change went, or why the list did not load. */
export interface ListMessage {
  tone: 'ok' | 'error'
  text: string
}

/**
 * A list an administrator manages (people, webhook endpoints): loaded when the screen opens, and changed by
 * `act`, which marks the item busy (`'new'` while one is added), shows what `run` says (or why it failed)
 * and reloads. `list` is the request that loads it; a new `list` loads again.
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

  async function act(itemId: string, run: () => Promise<string | null>) {
    setBusyId(itemId)
    setMessage(null)
    try {
      const text = await run()
      if (text) setMessage({ tone: 'ok', text })
      await load()
    } catch (err) {
      setMessage({ tone: 'error', text: errorMessage(err) })
    } finally {
      setBusyId(null)
    }
  }

  return { items, message, setMessage, busyId, act }
}
