/** The bin directory of PostgreSQL 15's server programs (initdb, pg_ctl, postgres); exits with the reason when there is none. */
export function ensurePostgres(): string
