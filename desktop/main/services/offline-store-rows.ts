import type { BlogRow } from '../../../shared/schemas/blog.ts'
import type { AttentionReason, PostInput } from '../../contract.ts'

/** The offline store's rows as the sync engine sees them, and how a stored row becomes one. */
export type ChangeState = 'pending' | 'conflict' | 'attention'

/** One post's local change: an edit (input) or a delete (input null), built on `baseVersion` (0: new post). */
export interface LocalChange {
  postId: string
  baseVersion: number
  input: PostInput | null
  /** Bumped by every local save: a send removes the change only if the editor did not save again meanwhile. */
  rev: number
  state: ChangeState
  /** conflict: the server's copy when the conflict was found (null: deleted there). */
  theirs: BlogRow | null
  reason: AttentionReason | null
  message: string | null
  editedAt: Date
  detectedAt: Date | null
  /** Whether it may have reached the server (a send was started): a delete must then go to the server. */
  sent: boolean
}

export interface UploadPayload {
  path: string
  contentType: string
}

export interface QueueEntry {
  seq: number
  kind: 'change' | 'upload'
  postId: string | null
  payload: UploadPayload | null
  image: Uint8Array | null
  attempts: number
  nextAttemptAt: Date
  lastError: string | null
}

export interface CachedPost {
  row: BlogRow
  ownVersion: number | null
}

/** What an earlier version's store held that this one keeps. */
export interface ImportedProfile {
  changes: LocalChange[]
  uploads: Array<{ payload: UploadPayload; image: Uint8Array }>
  /** Cached rows this computer wrote (their versions tell a lost reply from a conflict). */
  ownRows: BlogRow[]
  meta: Record<string, string>
}

/** Orders two instants written by Postgres or JavaScript (`…+00:00` / `…Z`, up to microseconds). */
export function compareInstants(a: string, b: string): number {
  const micros = (s: string) => {
    const fraction = /\.(\d+)/.exec(s)?.[1] ?? ''
    return BigInt(Date.parse(s.replace(/\.\d+/, ''))) * 1000n + BigInt(fraction.padEnd(6, '0').slice(0, 6))
  }
  const d = micros(a) - micros(b)
  return d < 0n ? -1 : d > 0n ? 1 : 0
}

export function toChange(r: Row): LocalChange {
  return {
    postId: r.post_id as string,
    baseVersion: Number(r.base_version),
    input: parsed<PostInput>(r.input),
    rev: Number(r.rev),
    state: r.state as ChangeState,
    theirs: parsed<BlogRow>(r.theirs),
    reason: (r.reason as AttentionReason | null) ?? null,
    message: (r.message as string | null) ?? null,
    editedAt: new Date(r.edited_at as string),
    detectedAt: r.detected_at ? new Date(r.detected_at as string) : null,
    // Earlier stores did not record it: assume it may have been sent.
    sent: r.sent === undefined ? true : Boolean(r.sent),
  }
}

export function toEntry(r: Row): QueueEntry {
  const image = r.image as Buffer | null
  return {
    seq: Number(r.seq),
    kind: r.kind as QueueEntry['kind'],
    postId: (r.post_id as string | null) ?? null,
    payload: parsed<UploadPayload>(r.payload),
    image: image ? new Uint8Array(image.buffer, image.byteOffset, image.byteLength) : null,
    attempts: r.attempts as number,
    nextAttemptAt: new Date(r.next_attempt_at as string),
    lastError: (r.last_error as string | null) ?? null,
  }
}

type Row = Record<string, unknown>

/** A JSON column: text in SQLite, already parsed when read from an earlier (Postgres) store. */
export const parsed = <T>(value: unknown): T | null =>
  typeof value === 'string' ? (JSON.parse(value) as T) : ((value as T | null | undefined) ?? null)
