import '@fontsource-variable/inter'
import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router-dom'
import { App } from './App.tsx'
import './index.css'
import { preloadPage } from './routes.tsx'

async function start() {
  const container = document.getElementById('root')!
  const app = (
    <StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </StrictMode>
  )
  // Marketing pages arrive prerendered: load their page chunk first, then hydrate the same markup.
  // Client-only routes get an empty shell and render from scratch.
  if (container.firstElementChild !== null) {
    await preloadPage(window.location.pathname)
    hydrateRoot(container, app)
  } else {
    createRoot(container).render(app)
  }
}

void start()
