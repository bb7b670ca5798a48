import { useCallback, useEffect, useState } from 'react'
import { newsletterSendState, type NewsletterPostStatus } from '../../schemas/newsletter-send.ts'
import type { AdminApi } from '../contract.ts'
import { errorMessage } from '../useLoaded.ts'

/** How often the progress of a send under way is asked again. */
export const progressPollMs = 2_000

/**
 * A post's newsletter: who would get it, its send once started (polled until nothing is owed), "Send a test
 * to me" and "Send as newsletter". `slug` null: the post is not saved yet, nothing is asked.
 */
export function useNewsletterSend(api: AdminApi, slug: string | null) {
  const [status, setStatus] = useState<NewsletterPostStatus | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [busy, setBusy] = useState<'send' | 'test' | null>(null)
  const [refresh, setRefresh] = useState(0)

  useEffect(() => {
    setStatus(null)
    setError(null)
    setNotice(null)
  }, [slug])

  useEffect(() => {
    if (!slug) return
    let active = true
    api.getNewsletterStatus(slug).then(
      (next) => {
        if (!active) return
        setStatus(next)
        setError(null)
      },
      (err: unknown) => active && setError(errorMessage(err)),
    )
    return () => {
      active = false
    }
  }, [api, slug, refresh])

  // While a send is under way, ask again every couple of seconds.
  const underWay = status?.send ? newsletterSendState(status.send) !== 'sent' : false
  useEffect(() => {
    if (!underWay) return
    const timer = setInterval(() => setRefresh((r) => r + 1), progressPollMs)
    return () => clearInterval(timer)
  }, [underWay])

  // One button's request at a time: busy while it runs, its error (or none) when it ends.
  const request = useCallback(
    async (kind: 'send' | 'test', call: (slug: string) => Promise<void>) => {
      if (!slug) return
      setBusy(kind)
      setNotice(null)
      try {
        await call(slug)
        setError(null)
      } catch (err) {
        setError(errorMessage(err))
      } finally {
        setBusy(null)
      }
    },
    [slug],
  )

  const send = useCallback(
    () =>
      request('send', async (slug) => {
        const result = await api.sendNewsletter(slug)
        setStatus((s) => ({
          recipientCount: s?.recipientCount ?? result.send.recipientCount,
          send: result.send,
        }))
      }),
    [api, request],
  )

  const sendTest = useCallback(
    () =>
      request('test', async (slug) => {
        const { to } = await api.sendNewsletterTest(slug)
        setNotice(`Test sent to ${to}.`)
      }),
    [api, request],
  )

  return { status, error, notice, busy, send, sendTest }
}
