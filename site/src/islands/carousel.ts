import EmblaCarousel from 'embla-carousel'
import { loopIndex } from '@site/features/home/carousel.ts'

/**
 * The highlight cards below 768 px: a centred, looping carousel (Embla) that follows a swipe or a drag, the
 * arrow keys when it has focus, and its two buttons. Wider, the cards are a plain row and Embla stays off.
 * The dots and slides show the selected card through `data-active` (styled in CSS).
 */
export function mount(root: HTMLElement) {
  const viewport = root.querySelector<HTMLElement>('[data-carousel-viewport]')
  if (!viewport) return
  const slides = [...root.querySelectorAll<HTMLElement>('[data-carousel-slide]')]
  const dots = [...root.querySelectorAll<HTMLElement>('[data-carousel-dot]')]
  const status = root.querySelector('[data-testid="carousel-status"]')
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches
  const embla = EmblaCarousel(viewport, {
    loop: true,
    align: 'center',
    duration: reducedMotion ? 0 : 25,
    breakpoints: { '(min-width: 768px)': { active: false } },
  })
  let index = 0
  const show = (next: number) => {
    index = next
    slides.forEach((slide, i) => slide.setAttribute('data-active', String(i === index)))
    dots.forEach((dot, i) => dot.setAttribute('data-active', String(i === index)))
    if (status) status.textContent = `${index + 1} / ${slides.length}`
  }
  embla.on('select', () => show(embla.selectedScrollSnap()))
  const move = (step: 1 | -1) => {
    if (window.matchMedia('(min-width: 768px)').matches) show(loopIndex(index + step, slides.length))
    else if (step === 1) embla.scrollNext()
    else embla.scrollPrev()
  }
  for (const button of root.querySelectorAll<HTMLElement>('[data-carousel-step]'))
    button.addEventListener('click', () => move(button.dataset.carouselStep === '1' ? 1 : -1))
  root.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowRight') move(1)
    else if (event.key === 'ArrowLeft') move(-1)
    else return
    event.preventDefault()
  })
  root.dataset.swipe = 'ready'
}
