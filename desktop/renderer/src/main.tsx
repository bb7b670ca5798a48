import '@fontsource-variable/inter'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { Toaster } from 'sonner'
import { App } from './App.tsx'
import './index.css'

const root = createRoot(document.getElementById('root')!)
if (!window.meridian) {
  // Only the app's preload provides the bridge: opened any other way, say so instead of failing blankly.
  root.render(<p style={{ padding: 24 }}>This page runs inside the Meridian desktop app.</p>)
} else {
  root.render(
    <StrictMode>
      <App api={window.meridian} />
      {/* Above the sync status bar, never over its "Sync now" button. */}
      <Toaster position="bottom-right" offset={{ bottom: 64, right: 16 }} />
    </StrictMode>,
  )
}
