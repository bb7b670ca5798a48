import WebSocket from 'ws'
import { createSupabaseClient, type SupabaseClientOptions } from './client.ts'

/** A supabase-js client for Node (server, desktop main, tests): supplies the WebSocket Node 20 lacks. */
export function createNodeSupabaseClient(url: string, key: string, options: SupabaseClientOptions = {}) {
  return createSupabaseClient(url, key, { webSocket: WebSocket, ...options })
}
