import { quoteIdent, type Catalog, type FunctionInfo } from './catalog.ts'
import { RestError } from './errors.ts'
import { arrayLiteral, type Params } from './sql.ts'

// `/rpc/<function>`: which overload a call means (PostgREST's rules and errors), and its arguments as SQL.

/** Does `f` take exactly these argument names (all required ones, any of the optional ones)? */
function matchesNames(f: FunctionInfo, keys: Set<string>): boolean {
  if (f.args.length === 0) return keys.size === 0
  const required = f.args.slice(0, f.args.length - f.defaults).map((a) => a.name)
  const optional = new Set(f.args.slice(f.args.length - f.defaults).map((a) => a.name))
  const rest = [...keys].filter((k) => !optional.has(k))
  return rest.length === required.length && required.every((r) => keys.has(r))
}

const signature = (f: FunctionInfo) =>
  `public.${f.name}(${f.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`

/** Edit distance, for "Perhaps you meant to call the function …". */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]
    row[0] = i
    for (let j = 1; j <= b.length; j++) {
      const next = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1))
      prev = row[j]
      row[j] = next
    }
  }
  return row[b.length]
}

export interface ResolvedCall {
  fn: FunctionInfo
  /** The whole JSON body is the function's one (json/jsonb) argument. */
  wholeBody: boolean
}

/**
 * The overload of `name` the given argument names select, as PostgREST chooses it: by names first, then
 * a function with a single json/jsonb parameter taking the whole body (POST only); several → PGRST203.
 */
export function resolveFunction(
  catalog: Catalog,
  name: string,
  given: string[],
  isPost: boolean,
): ResolvedCall {
  const keys = new Set(given)
  const overloads = catalog.functions.get(name) ?? []
  const byName = overloads.filter((f) => matchesNames(f, keys))
  const wholeBody = overloads.filter(
    (f) => isPost && f.args.length === 1 && (f.args[0].type === 'json' || f.args[0].type === 'jsonb'),
  )
  const chosen = byName.length ? byName : wholeBody
  if (chosen.length === 1) return { fn: chosen[0], wholeBody: byName.length === 0 }
  if (chosen.length > 1)
    throw new RestError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${[...chosen]
        .sort((a, b) => a.args.length - b.args.length || signature(a).localeCompare(signature(b)))
        .map(signature)
        .join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    )
  const sorted = [...keys].sort()
  const suggestion = [...catalog.functions.keys()]
    .filter((n) => n !== name)
    .map((n) => ({ n, d: distance(n, name) }))
    .filter((s) => s.d <= Math.max(2, Math.floor(name.length / 4)))
    .sort((a, b) => a.d - b.d)[0]?.n
  const what =
    sorted.length === 0
      ? 'without parameters'
      : `with parameter${sorted.length === 1 ? '' : 's'} ${sorted.join(', ')}`
  throw new RestError(
    404,
    'PGRST202',
    sorted.length === 0
      ? `Could not find the function public.${name} without parameters in the schema cache`
      : `Could not find the function public.${name}(${sorted.join(', ')}) in the schema cache`,
    `Searched for the function public.${name} ${what} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    suggestion ? `Perhaps you meant to call the function public.${suggestion}` : null,
  )
}

/** A query-string argument as the text Postgres parses for the argument's type. */
function argumentText(value: unknown, type: string): string | null {
  if (value === null || value === undefined) return null
  if (type === 'json' || type === 'jsonb') return JSON.stringify(value)
  if (Array.isArray(value))
    return arrayLiteral(value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))))
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/**
 * The call `public.fn(…)`: JSON arguments (POST) are converted by Postgres's own `json_to_record`, which
 * reads rows, arrays and scalars of any argument type; query-string arguments (GET) are text literals.
 */
export function callSql(
  call: ResolvedCall,
  given: Record<string, unknown>,
  params: Params,
  fromBody: boolean,
): string {
  const { fn } = call
  if (call.wholeBody)
    return `public.${quoteIdent(fn.name)}(${params.add(JSON.stringify(given))}::${fn.args[0].type})`
  const args = fn.args.flatMap((a) => {
    if (!Object.hasOwn(given, a.name)) return []
    let value: string
    if (fromBody) {
      const body = params.add(JSON.stringify({ v: given[a.name] }))
      value = `(select _a.v from json_to_record(${body}::json) as _a(v ${a.type}))`
    } else value = `${params.add(argumentText(given[a.name], a.type))}::${a.type}`
    // An unnamed parameter is passed by position (it can only be the single one).
    return [a.name === '' ? value : `${quoteIdent(a.name)} => ${value}`]
  })
  return `public.${quoteIdent(fn.name)}(${args.join(', ')})`
}
