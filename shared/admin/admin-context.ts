import { createContext } from 'react'
import type { Platform } from '../platform.ts'
import type { AdminApi, EditorAuthApi } from './contract.ts'

export const AdminApiContext = createContext<AdminApi | null>(null)
export const PlatformContext = createContext<Platform | null>(null)
/** Sign-in alone, for screens that need a signed-in editor and nothing else (the email test page). */
export const EditorAuthContext = createContext<EditorAuthApi | null>(null)
