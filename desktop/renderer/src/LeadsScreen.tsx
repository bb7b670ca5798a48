import { useMemo } from 'react'
import type { LeadsStore } from '@shared/admin/blog-store.ts'
import { LeadsPipeline } from '@shared/admin/LeadsTable.tsx'
import type { DesktopApi } from '../../contract.ts'

/** The IPC error prefix Electron adds is not for people. */
const plain = (err: unknown) =>
  new Error(
    err instanceof Error
      ? err.message.replace(/^Error invoking remote method '[^']+': (Error: )?/, '')
      : String(err),
  )

/**
 * Leads are read and worked live on the server (editors and administrators); offline the screen says so and
 * keeps the last list. The same pipeline as the browser admin, through main.
 */
export function LeadsScreen({ api }: { api: DesktopApi }) {
  const store = useMemo<LeadsStore>(
    () => ({
      listLeads: (query) =>
        api.listLeads(query).then(
          (list) => ({ ...list, pageSize: 20 }),
          (err: unknown) => Promise.reject(plain(err)),
        ),
      updateLead: (id, patch) =>
        api.updateLead(id, patch).catch((err: unknown) => Promise.reject(plain(err))),
      exportLeadsCsv: (filters) =>
        api.exportLeadsCsv(filters).catch((err: unknown) => Promise.reject(plain(err))),
      listLeadOwners: () => api.listLeadOwners().catch((err: unknown) => Promise.reject(plain(err))),
    }),
    [api],
  )
  return <LeadsPipeline store={store} />
}
