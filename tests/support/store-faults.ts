import { beforeEveryStatement, isWrite } from './sqlite-statements.ts'

/**
 * A process dying in the middle of the offline store's work, simulated inside the test process: once armed
 * for a store file, the `n`-th write from then on (BEGIN and COMMIT count as writes) throws instead of
 * running, and every statement after it throws too, as if the process were gone — except the ROLLBACK
 * that SQLite would do on the next open anyway. The app is then closed and opened again from disk.
 */
export class KilledError extends Error {
  constructor() {
    super('The desktop process was killed.')
  }
}

interface Plan {
  left: number
  dead: boolean
}
const plans = new Map<string, Plan>()
let installed = false

function install() {
  if (installed) return
  installed = true
  beforeEveryStatement((statement) => {
    const plan = plans.get(statement.database.name)
    if (!plan || /^\s*ROLLBACK/i.test(statement.source)) return
    if (plan.dead) throw new KilledError()
    if (isWrite(statement) && --plan.left === 0) {
      plan.dead = true
      throw new KilledError()
    }
  })
}

/** Arms a kill before the `nth` write to the store file `file`. */
export function killBeforeWrite(file: string, nth: number) {
  install()
  plans.set(file, { left: nth, dead: false })
}

/** Whether the armed kill fired; disarms it either way. */
export function disarm(file: string): boolean {
  const fired = plans.get(file)?.dead ?? false
  plans.delete(file)
  return fired
}
