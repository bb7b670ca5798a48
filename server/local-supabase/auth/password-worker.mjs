// The thread of `password-thread.ts`: bcrypt hashes and checks, one at a time. Plain JavaScript so that the
// thread starts without the TypeScript loader (which would cost it ~40 MB and a second more).
import { parentPort } from 'node:worker_threads'
import bcrypt from 'bcryptjs'

parentPort.on('message', ({ id, password, hash, cost }) => {
  try {
    const result = hash === undefined ? bcrypt.hashSync(password, cost) : bcrypt.compareSync(password, hash)
    parentPort.postMessage({ id, result })
  } catch (err) {
    parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) })
  }
})
