import { useContext } from 'react'
import type { Platform } from '../platform.ts'
import { PlatformContext } from './admin-context.ts'

export function usePlatform(): Platform {
  const platform = useContext(PlatformContext)
  if (!platform) throw new Error('usePlatform must be used inside <AdminProvider>.')
  return platform
}
