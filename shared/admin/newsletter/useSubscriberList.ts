import { useCallback, useEffect, useState } from 'react'
import type {
  NewsletterSendProgress,
  SubscriberPage,
  SubscriberStatusFilter,
} from '../../schemas/newsletter-send.ts'
import type { AdminApi } from '../contract.ts'
import { errorMessage, useLoaded } from '../useLoaded.ts'

/** The subscriber list's filters, page and data (asked again 250 ms after the search stops changing). */
export function useSubscriberList(api: AdminApi) {
  const [search, setSearchText] = useState('')
  const [status, setStatusFilter] = useState<SubscriberStatusFilter>('all')
  const [page, setPage] = useState(1)
  const [sends, setSends] = useState<NewsletterSendProgress[]>([])
  const [reload, setReload] = useState(0)
  const {
    data: list,
    error,
    setError,
    loading,
  } = useLoaded<SubscriberPage>(
    () => api.listSubscribers({ search, status, page }),
    [api, search, status, page, reload],
    250,
  )

  useEffect(() => {
    let active = true
    api.listNewsletterSends().then(
      (result) => active && setSends(result),
      (err: unknown) => active && setError(errorMessage(err)),
    )
    return () => {
      active = false
    }
  }, [api, reload, setError])

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
