import Database from 'better-sqlite3'

/** A better-sqlite3 statement as the hook sees it. */
export interface StatementInfo {
  readonly: boolean
  source: string
  database: { name: string }
}

/** What counts as a write to the offline store: a statement that changes rows, and BEGIN/COMMIT/RELEASE. */
export const isWrite = (statement: StatementInfo) =>
  !statement.readonly || /^\s*(BEGIN|COMMIT|RELEASE)/i.test(statement.source)

/**
 * Calls `before` ahead of every statement better-sqlite3 runs in this process (every one goes through these
 * methods of its Statement class); what `before` throws, the statement throws instead of running.
 */
export function beforeEveryStatement(before: (statement: StatementInfo) => void): void {
  const probe = new Database(':memory:')
  const proto = Object.getPrototypeOf(probe.prepare('select 1')) as Record<
    string,
    (...args: unknown[]) => unknown
  >
  probe.close()
  for (const method of ['run', 'get', 'all', 'iterate']) {
    const original = proto[method]!
    proto[method] = function (this: StatementInfo, ...args: unknown[]) {
      before(this)
      return original.apply(this, args)
    }
  }
}
