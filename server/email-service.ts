import type { ServerContext } from './context.ts'

/** The email service: a second listener on EMAIL_SERVICE_PORT (`GET /`, `POST /send-email`). */
export async function startEmailService(_ctx: ServerContext): Promise<{ port: number; close(): Promise<void> }> {
  return { port: 0, async close() {} }
}
