import { useEffect, useState } from 'react'
import { LeadsTable } from '@shared/admin/LeadsTable.tsx'
import type { DesktopApi, LeadList } from '../../contract.ts'

/** Leads are read live from the server (editors only); offline the screen says so and keeps the last list. */
export function LeadsScreen({ api }: { api: DesktopApi }) {
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(1)
  const [list, setList] = useState<LeadList | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [loading, setLoading] = useState(true)

  useEffect(() => {
    let active = true
    setLoading(true)
    const timer = setTimeout(() => {
      api.listLeads({ search, page }).then(
        (result) => {
          if (!active) return
          setList(result)
          setError(null)
          setLoading(false)
        },
        (err: unknown) => {
          if (!active) return
          setError(
            err instanceof Error
              ? err.message.replace(/^Error invoking remote method '[^']+': (Error: )?/, '')
              : String(err),
          )
          setLoading(false)
        },
      )
    }, 250)
    return () => {
      active = false
      clearTimeout(timer)
    }
  }, [api, search, page])

  return (
    <LeadsTable
      leads={list?.leads ?? []}
      search={search}
      onSearch={(value) => {
        setSearch(value)
        setPage(1)
      }}
      page={list?.page ?? page}
      pageCount={list?.pageCount ?? 1}
      onPage={setPage}
      error={error}
      loading={loading}
    />
  )
}
