import { useContext } from 'react'
import { AdminApiContext } from './admin-context.ts'
import type { AdminApi } from './contract.ts'

/** The admin operations (`shared/admin/contract.ts`) of the nearest `AdminProvider`. */
export function useAdminApi(): AdminApi {
  const api = useContext(AdminApiContext)
  if (!api) throw new Error('useAdminApi must be used inside <AdminProvider>.')
  return api
}
