import { z } from 'zod'
import { typedText } from './text.ts'

/** What each person in the admin may do (enforced by row-level security; the UI only follows it). */
export const editorRoles = ['admin', 'editor', 'contributor'] as const
export type EditorRole = (typeof editorRoles)[number]

export const editorRoleSchema = z.enum(editorRoles, {
  message: 'Choose a role: admin, editor or contributor.',
})

export const roleLabels: Record<EditorRole, string> = {
  admin: 'Administrator',
  editor: 'Editor',
  contributor: 'Contributor',
}

export const roleDescriptions: Record<EditorRole, string> = {
  admin: 'Everything, plus people and settings',
  editor: 'Writes, publishes and deletes every post',
  contributor: 'Writes drafts; an editor publishes them',
}

/** `POST /api/people`: invite someone by email with a role. */
export const inviteSchema = z.object({
  email: typedText('Please enter a valid email.')
    .trim()
    .toLowerCase()
    .max(254, 'Email must be at most 254 characters.')
    .pipe(z.email('Please enter a valid email.')),
  role: editorRoleSchema,
})
export type InviteInput = z.infer<typeof inviteSchema>

/** `PATCH /api/people/:userId`. */
export const roleChangeSchema = z.object({ role: editorRoleSchema })

/** A person in the admin's People screen. */
export const personSchema = z.object({
  userId: z.string(),
  email: z.string(),
  role: editorRoleSchema,
  /** invited: has not set a password from the invitation yet. */
  status: z.enum(['active', 'invited']),
  invitedAt: z.string().nullable(),
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
})
export type Person = z.infer<typeof personSchema>

/** The password a person chooses from a mailed link (the server's minimum: supabase/config.toml). */
export const minimumPasswordLength = 10
export const newPasswordSchema = z
  .string()
  .min(minimumPasswordLength, `Use at least ${minimumPasswordLength} characters.`)
  .max(72, 'Use at most 72 characters.')

/** Who is signed in to an editor surface (the browser admin, the desktop app), as every surface reports it. */
export interface EditorSession {
  signedIn: boolean
  email: string | null
  userId: string | null
  /** What the editor may do (row-level security enforces it); null until known, or for nobody. */
  role?: EditorRole | null
}
