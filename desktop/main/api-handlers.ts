import {
  desktopMethods,
  isDesktopMethod,
  progressChannel,
  wireSchema,
  type DesktopMethod,
  type DesktopOperations,
} from '../contract.ts'

/**
 * Main's side of the desktop seam (`desktop/contract.ts`), with no Electron in it: a call is validated with
 * the contract's schemas, then dispatched to main's operations (`main/desktop-main.ts`). `desktop/main/ipc.ts`
 * wires it to `ipcMain` (after checking the sender); the end-to-end test wires it to the page through the
 * built preload.
 */

export type Notify = (channel: string, payload: unknown) => void

export class InvalidCallError extends Error {}

/** Every method of the contract, for registering one channel each. */
export const methodNames = Object.keys(desktopMethods) as DesktopMethod[]

/**
 * Validates the arguments of one call and runs its operation. Bad input is refused with a clear message.
 * A progress id from the preload becomes a listener that reports on `progressChannel` under that id.
 */
export async function dispatchDesktopCall(
  operations: DesktopOperations,
  method: string,
  args: unknown[],
  notify: Notify,
): Promise<unknown> {
  if (!isDesktopMethod(method)) throw new InvalidCallError(`Unknown desktop call “${method}”.`)
  const parsed = wireSchema(method).safeParse(args)
  if (!parsed.success) {
    throw new InvalidCallError(
      `Invalid arguments for ${method}: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'arguments'}: ${i.message}`).join('; ')}`,
    )
  }
  const spec = desktopMethods[method]
  let callArgs = parsed.data as unknown[]
  if (spec.progress) {
    const count = spec.args.def.items.length
    const id = callArgs[count] as string | undefined
    callArgs = [
      ...callArgs.slice(0, count),
      id ? (percent: number) => notify(progressChannel, { id, percent }) : undefined,
    ]
  }
  const operation = operations[method] as (...args: unknown[]) => Promise<unknown>
  return operation(...callArgs)
}
