import type { DesktopApi } from '../../contract.ts'

declare global {
  interface Window {
    /** Filled by the preload from the desktop contract; absent when the page is opened any other way. */
    meridian: DesktopApi
  }
}
