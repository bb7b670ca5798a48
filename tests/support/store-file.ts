import Database from 'better-sqlite3'
import path from 'node:path'
import { storeFiles } from '../../desktop/main/services/offline-store.ts'

/**
 * What a desktop's offline store holds, read straight from its SQLite file by a connection of its own (not
 * through the store's methods, so a wrong count or a lost queue entry in the store cannot hide itself).
 */
export interface StoreFileContents {
  /** Local changes by state. */
  pending: number
  conflict: number
  attention: number
  /** Queue entries: changes to send and image uploads. */
  queuedChanges: number
  uploads: number
  /** Pending changes with no queue entry: edits that would never be sent. */
  unqueued: string[]
}

/** The store file of a desktop whose user-data folder is `userDataDir`. */
export const storeFileOf = (userDataDir: string) => path.join(userDataDir, 'offline', storeFiles.database)

export function readStoreFile(file: string): StoreFileContents {
  const db = new Database(file, { readonly: true, fileMustExist: true })
  try {
    const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n
    const changes = (state: string) =>
      (db.prepare('select count(*) as n from local_changes where state = ?').get(state) as { n: number }).n
    const unqueued = db
      .prepare(
        `select post_id from local_changes c where state = 'pending'
           and not exists (select 1 from sync_queue q where q.kind = 'change' and q.post_id = c.post_id)
         order by post_id`,
      )
      .all() as Array<{ post_id: string }>
    return {
      pending: changes('pending'),
      conflict: changes('conflict'),
      attention: changes('attention'),
      queuedChanges: count(`select count(*) as n from sync_queue where kind = 'change'`),
      uploads: count(`select count(*) as n from sync_queue where kind = 'upload'`),
      unqueued: unqueued.map((r) => r.post_id),
    }
  } finally {
    db.close()
  }
}

/** What the status bar must count as waiting: the pending changes and the uploads, as the file holds them. */
export const waitingInFile = (contents: StoreFileContents) => contents.pending + contents.uploads
