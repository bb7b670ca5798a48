/**
 * Counts failed password attempts per key (email + client address) in a sliding window. Once a key reaches
 * the limit, every attempt is refused, right password or not, until the oldest failure leaves the window:
 * otherwise a guesser would keep going until it hit the right one.
 */
export class FailedAttemptLimiter {
  private readonly failures = new Map<string, number[]>()

  constructor(
    private readonly maxFailures = 5,
    private readonly windowMs = 5 * 60 * 1000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the key may try again, or 0 when it may try now. */
  retryAfterSeconds(key: string): number {
    const recent = this.recent(key)
    if (recent.length < this.maxFailures) return 0
    return Math.max(
      1,
      Math.ceil((recent[recent.length - this.maxFailures]! + this.windowMs - this.now()) / 1000),
    )
  }

  recordFailure(key: string): void {
    const recent = this.recent(key)
    recent.push(this.now())
    this.failures.set(key, recent)
    // Keep memory bounded on a long-running server: drop keys whose failures have all expired.
    if (this.failures.size > 10_000) this.prune()
  }

  /** A successful sign-in clears the key's history. */
  reset(key: string): void {
    this.failures.delete(key)
  }

  private recent(key: string): number[] {
    const cutoff = this.now() - this.windowMs
    return (this.failures.get(key) ?? []).filter((t) => t > cutoff)
  }

  private prune(): void {
    for (const key of [...this.failures.keys()]) {
      if (this.recent(key).length === 0) this.failures.delete(key)
    }
  }
}
