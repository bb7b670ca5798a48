import { createContext } from 'react'
import type { Platform } from '../platform.ts'
import type { AdminAuth, BlogStore } from './blog-store.ts'

export const BlogStoreContext = createContext<BlogStore | null>(null)
export const PlatformContext = createContext<Platform | null>(null)
/** Auth alone, for screens that need a signed-in editor but no blog store (the email test page). */
export const AdminAuthContext = createContext<AdminAuth | null>(null)
