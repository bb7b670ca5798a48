// A desktop main process that is killed (SIGKILL, no clean-up of any kind) just before its `killAt`-th
// write to the offline store, counting BEGIN/COMMIT as writes, while it does one thing:
//   node --import tsx tests/support/desktop-crash-child.ts <user-data dir> <kill at: 0 = never> <op json>
// op: { kind: 'save', id, version, input } | { kind: 'delete', id, version } | { kind: 'send', email, password }
// `save` and `delete` run offline; `send` signs in and sends the queue. Prints `WRITES <n>`, then each write's
// statement (`WRITE <sql>`, in order), and `DONE` when the operation returned (it was acknowledged) without
// being killed. Used by desktop-crash.test.ts.
import { openDesktopMain } from '../../desktop/main/desktop-main.ts'
import { MemorySecretStore } from '../../desktop/main/services/session.ts'
import type { PostInput } from '../../desktop/contract.ts'
import { beforeEveryStatement, isWrite } from './sqlite-statements.ts'

type Op =
  | { kind: 'save'; id: string; version: number; input: PostInput }
  | { kind: 'delete'; id: string; version: number }
  | { kind: 'send'; email: string; password: string }

const [userDataDir, killAtArg, opJson] = process.argv.slice(2)
const killAt = Number(killAtArg)
const op = JSON.parse(opJson!) as Op

let armed = false
let writes = 0
const statements: string[] = []
beforeEveryStatement((statement) => {
  if (armed && isWrite(statement)) {
    writes++
    if (writes === killAt) process.kill(process.pid, 'SIGKILL')
    statements.push(statement.source.replace(/\s+/g, ' ').trim())
  }
})

// The engine sees the network down until armed (signing in reaches the server regardless).
const network = { up: false }
const backend = await openDesktopMain({
  userDataDir,
  secrets: new MemorySecretStore(),
  isNetworkUp: () => network.up,
  backoffMs: () => 60_000,
  autoRefresh: false,
})
if (op.kind === 'send') {
  await backend.signIn(op.email, op.password)
  await backend.engine.syncNow()
  network.up = true
}
armed = true
if (op.kind === 'save')
  await backend.engine.savePost(op.input, { mode: 'update', id: op.id, version: op.version })
else if (op.kind === 'delete') await backend.engine.deletePost(op.id, op.version)
else await backend.engine.retryNow()
armed = false
console.log(`WRITES ${writes}`)
for (const sql of statements) console.log(`WRITE ${sql}`)
console.log('DONE')
await backend.close()
process.exit(0)
