// Helpers shared by the benchmark modules (not a benchmark itself: the runner loads only *.bench.ts).
import { createRequire } from 'node:module'

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/** Nearest-rank percentile of an ascending list. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

export interface AutocannonRequest {
  method?: string
  path?: string
  headers?: Record<string, string>
  body?: string
}

export interface AutocannonResult {
  requests: { average: number; total: number }
  latency: { p50: number; p99: number }
  non2xx: number
  errors: number
  timeouts: number
}

type Autocannon = (options: {
  url: string
  connections: number
  duration: number
  headers?: Record<string, string>
  requests?: Array<AutocannonRequest & { setupRequest?: (req: AutocannonRequest) => AutocannonRequest }>
}) => Promise<AutocannonResult>

// autocannon ships no types; this is the part of its API the benchmarks use.
export const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon

/** Forty words of one trade, for the bodies and titles of seeded posts. */
export const tradeWords = [
  'hiring',
  'talent',
  'india',
  'payroll',
  'retention',
  'engineering',
  'culture',
  'benefits',
  'onboarding',
  'compliance',
  'leadership',
  'analytics',
  'recruiting',
  'salary',
  'attendance',
  'insurance',
  'devices',
  'office',
  'security',
  'subsidiary',
  'entity',
  'transfer',
  'growth',
  'interview',
  'screening',
  'sourcing',
  'mentoring',
  'feedback',
  'surveys',
  'promotion',
  'training',
  'architecture',
  'platform',
  'product',
  'design',
  'testing',
  'delivery',
  'budget',
  'vendors',
  'strategy',
]
