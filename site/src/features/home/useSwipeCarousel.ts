import type { EmblaCarouselType } from 'embla-carousel'
import { useEffect, useRef, useState, type RefObject } from 'react'
import { loopIndex } from './carousel.ts'

/** Spec §9: the small-screen carousel is centred and loops. It exists only below the 768 px breakpoint. */
const smallScreen = '(max-width: 767.98px)'

/**
 * Embla on the carousel's viewport, below 768 px only. Embla (about 7 KB gzip) is fetched when the
 * carousel comes near the screen on a small screen, so `/` never pays for it up front and wide screens,
 * where the highlights are a plain row, never download it. Returns the selected slide, the controls and whether
 * Embla is attached (swipe works).
 */
export function useSwipeCarousel(viewport: RefObject<HTMLElement | null>, count: number) {
  const [index, setIndex] = useState(0)
  const [ready, setReady] = useState(false)
  const api = useRef<EmblaCarouselType | null>(null)

  useEffect(() => {
    const node = viewport.current
    if (!node || typeof window.matchMedia !== 'function') return
    const query = window.matchMedia(smallScreen)
    const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    let cancelled = false
    let observer: IntersectionObserver | null = null

    const start = async () => {
      observer?.disconnect()
      const { default: EmblaCarousel } = await import('embla-carousel')
      if (cancelled || api.current) return
      const embla = EmblaCarousel(node, {
        loop: true,
        align: 'center',
        duration: reducedMotion ? 0 : 25,
        breakpoints: { '(min-width: 768px)': { active: false } },
      })
      embla.on('select', () => setIndex(embla.selectedScrollSnap()))
      api.current = embla
      setReady(true)
    }
    const watch = () => {
      if (!query.matches || api.current) return
      if (typeof IntersectionObserver !== 'function') return void start()
      observer = new IntersectionObserver(
        (entries) => entries.some((e) => e.isIntersecting) && void start(),
        {
          rootMargin: '600px 0px',
        },
      )
      observer.observe(node)
    }
    watch()
    query.addEventListener('change', watch)
    return () => {
      cancelled = true
      query.removeEventListener('change', watch)
      observer?.disconnect()
      api.current?.destroy()
      api.current = null
      setReady(false)
    }
  }, [viewport, count])

  const move = (step: 1 | -1) => {
    const embla = api.current
    if (embla) {
      if (step === 1) embla.scrollNext()
      else embla.scrollPrev()
    } else setIndex((i) => loopIndex(i + step, count))
  }
  return { index, move, ready }
}
