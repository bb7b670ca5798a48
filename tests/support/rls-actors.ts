import bcrypt from 'bcryptjs'
import type { SupabaseClient } from '../../shared/data/client.ts'
import { createNodeSupabaseClient } from '../../shared/data/node-client.ts'
import { testEditor, type TestServer } from './server.ts'

/** Everyone row-level security tells apart: a visitor, a signed-in non-editor, the three roles, the server. */
export type Actor = 'anon' | 'member' | 'contributor' | 'editor' | 'admin' | 'service'
export const actors: Actor[] = ['anon', 'member', 'contributor', 'editor', 'admin', 'service']

/** An auth user who may sign in but is not in `editors`. */
export const member = { email: 'member@example.com', password: 'member-password-123' }
/** People in `editors` with the two other roles (the test server's editor is the first, so an admin). */
export const editorRole = { email: 'desk-editor@example.com', password: 'desk-editor-password' }
export const contributor = { email: 'contributor@example.com', password: 'contributor-password' }

export interface RlsActors {
  /** One signed-in supabase-js client per actor. */
  clients: Record<Actor, SupabaseClient>
  contributorId: string
  /** Adds a confirmed auth user (not an editor) straight to the database; returns its id. */
  createAuthUser(email: string, password?: string): Promise<string>
}

/** Creates the member, the editor and the contributor on `server`, and signs every actor in. */
export async function signInActors(server: TestServer): Promise<RlsActors> {
  const db = server.ctx.localSupabase!.db
  const createAuthUser = async (email: string, password = 'unused-password-123') => {
    const hash = await bcrypt.hash(password, 4)
    const { rows } = await db.query<{ id: string }>(
      `insert into auth.users (email, encrypted_password, email_confirmed_at) values ($1, $2, now()) returning id::text as id`,
      [email, hash],
    )
    return rows[0].id
  }
  await createAuthUser(member.email, member.password)
  let contributorId = ''
  for (const [person, role] of [
    [editorRole, 'editor'],
    [contributor, 'contributor'],
  ] as const) {
    const id = await createAuthUser(person.email, person.password)
    await db.query('insert into public.editors (user_id, email, role) values ($1::uuid, $2, $3)', [
      id,
      person.email,
      role,
    ])
    if (role === 'contributor') contributorId = id
  }
  const { url, anonKey, serviceRoleKey } = server.ctx.supabase
  const client = () => createNodeSupabaseClient(url, anonKey)
  const clients: Record<Actor, SupabaseClient> = {
    anon: client(),
    member: client(),
    contributor: client(),
    editor: client(),
    admin: client(),
    service: createNodeSupabaseClient(url, serviceRoleKey),
  }
  for (const [actor, credentials] of [
    ['member', member],
    ['contributor', contributor],
    ['editor', editorRole],
    ['admin', testEditor],
  ] as const) {
    const { error } = await clients[actor].auth.signInWithPassword(credentials)
    if (error) throw error
  }
  return { clients, contributorId, createAuthUser }
}
