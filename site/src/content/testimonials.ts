import daniel from '@site/assets/avatars/daniel.svg'
import priya from '@site/assets/avatars/priya.svg'
import sarah from '@site/assets/avatars/sarah.svg'
import type { Testimonial } from './types.ts'

/**
 * Sample marketing content (spec §1): illustrative quotes, not statements by real clients. The section says
 * so once; the avatars are drawn illustrations, not photos of people.
 */
export const testimonials: Testimonial[] = [
  {
    content:
      'We needed a platform team fast. Meridian had our first engineers interviewing within days, and the whole team was in place in 4 weeks.',
    author: 'Priya Raman',
    position: 'CTO, fintech scale-up',
    avatar: priya,
    rating: 5,
    sample: true,
  },
  {
    content:
      'The screening is the difference. Every candidate we met had already passed a first round with an engineer from our domain, so our interviews went straight to depth.',
    author: 'Daniel Weber',
    position: 'VP Engineering, SaaS company',
    avatar: daniel,
    rating: 5,
    sample: true,
  },
  {
    content:
      'We started with a single engineer. Payroll, devices and office space were simply handled, and we now have a clear path to our own subsidiary.',
    author: 'Sarah Collins',
    position: 'Founder, healthtech startup',
    avatar: sarah,
    rating: 5,
    sample: true,
  },
]
