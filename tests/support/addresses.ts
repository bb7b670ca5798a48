import { randomInt } from 'node:crypto'

/**
 * A client address no other visitor of this run is given (sent as `X-Forwarded-For`; the e2e server trusts
 * its proxy), so per-address limits and Insights' visitors never mix tests. Addresses count up from a random
 * start in each worker: two of them are never the same within a worker, and across workers almost never.
 */
const firstAddress = randomInt(0, 2 ** 24 - 2 ** 16)
let addressesGiven = 0
export function uniqueAddress(): string {
  const n = firstAddress + addressesGiven++
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`
}
