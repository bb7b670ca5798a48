import { useCallback, useEffect, useState } from 'react'
import type {
  NewsletterSendProgress,
  SubscriberPage,
  SubscriberStatusFilter,
} from '../../schemas/newsletter-send.ts'
import type { AdminApi } from '../contract.ts'

const message = (err: unknown) => (err instanceof Error ? err.message : String(err))

/** The subscriber list's filters, page and data (asked again 250 ms after the search stops changing). */
export function useSubscriberList(api: AdminApi) {
  const [search, setSearchText] = useState('')
  const [status, setStatusFilter] = useState<SubscriberStatusFilter>('all')
  const [page, setPage] = useState(1)
  const [list, setList] = useState<SubscriberPage | null>(null)
  const [sends, setSends] = useState<NewsletterSendProgress[]>([])
  const [error, setError] = useState<string | null>(null)
  const [loading, setLoading] = useState(true)
  const [reload, setReload] = useState(0)

  useEffect(() => {
    let active = true
    setLoading(true)
    const timer = setTimeout(() => {
      api.listSubscribers({ search, status, page }).then(
        (result) => {
          if (!active) return
          setList(result)
          setError(null)
          setLoading(false)
        },
        (err: unknown) => {
          if (!active) return
          setError(message(err))
          setLoading(false)
        },
      )
    }, 250)
    return () => {
      active = false
      clearTimeout(timer)
    }
  }, [api, search, status, page, reload])

  useEffect(() => {
    let active = true
    api.listNewsletterSends().then(
      (result) => active && setSends(result),
      (err: unknown) => active && setError(message(err)),
    )
    return () => {
      active = false
    }
  }, [api, reload])

  const remove = useCallback(
    async (id: string) => {
      await api.removeSubscriber(id)
      setReload((r) => r + 1)
    },
    [api],
  )

  return {
    search,
    setSearch: (value: string) => {
      setSearchText(value)
      setPage(1)
    },
    status,
    setStatus: (value: SubscriberStatusFilter) => {
      setStatusFilter(value)
      setPage(1)
    },
    page: list?.page ?? page,
    pageCount: list?.pageCount ?? 1,
    setPage,
    list,
    sends,
    error,
    setError,
    loading,
    remove,
    refresh: () => setReload((r) => r + 1),
  }
}
