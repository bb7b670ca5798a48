import { createContext, useContext } from 'react'
import { roleCan, canEditPost } from '../data/people.ts'
import type { EditorRole } from '../schemas/people.ts'

/** Who is signed in to the admin, for the components that show only what the role may do. */
export interface AdminRole {
  role: EditorRole | null
  userId: string | null
}

/** Filled by `AdminApp` from the session; without it (a component alone in a test) nothing is hidden. */
export const AdminRoleContext = createContext<AdminRole | null>(null)

/** What the signed-in person may do here (row-level security refuses the rest whatever is shown). */
export function useAdminRole() {
  const current = useContext(AdminRoleContext)
  const unknown = current === null
  return {
    role: current?.role ?? null,
    userId: current?.userId ?? null,
    mayPublish: unknown || roleCan.publish(current.role),
    mayDelete: unknown || roleCan.deletePosts(current.role),
    mayManagePeople: !unknown && roleCan.managePeople(current.role),
    mayReadLeads: !unknown && roleCan.readLeads(current.role),
    mayEdit: (post: { status: string; author_id?: string | null; version?: number }) =>
      unknown || canEditPost(current.role, current.userId, post),
  }
}
