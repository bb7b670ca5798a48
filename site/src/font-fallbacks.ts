import plugin from 'tailwindcss/plugin'

/*
 * Text paints at once in a local sans-serif while Inter loads (after the first paint), so lines should not
 * re-wrap when it arrives. Arial (or its metric twin Liberation Sans) stands in, scaled to Inter's width
 * (measured in Chromium: 500 is 106.7% of Arial, 700 is 108.5%), with Inter's ascent and descent (0.96875
 * and 0.2414 of the size) divided by the scale. Regular text is scaled by where its lines break rather than
 * by its average width (105.8%): over every public page at 375, 390, 412, 768 and 1280 px, 107% leaves the
 * fewest text blocks re-wrapping when Inter arrives (at 412 px 3 instead of 9, none in the first screen;
 * at 105.8% a paragraph of /terms gained a line in view, a layout shift of 0.017). Semibold
 * and bold share one face declared at 599, so the browser matches it for every weight from 600 and
 * emboldens it: Arial Bold's own widths follow Inter's less closely. No single scale fits every string; the
 * home headline (the largest text on the site) has its own, measured on its copy (109.0–109.9%).
 */
const faces = [
  { family: 'Inter Fallback', weight: 400, scale: 107 },
  { family: 'Inter Fallback', weight: 500, scale: 106.7 },
  { family: 'Inter Fallback', weight: 599, scale: 108.5 },
  { family: 'Inter Display Fallback', weight: 599, scale: 110 },
]
const local = ['Arial', 'ArialMT', 'Liberation Sans', 'LiberationSans', 'Helvetica']
/*
 * Rounded down, so every face ends a hair under Inter's ascent rather than some under and some over: at
 * 16 px Inter's ascent is 15.5 px, which the browser rounds to whole pixels, and a line mixing two faces
 * rounded apart (regular text with a medium name in it) was one pixel taller than with Inter.
 */
const percent = (n: number) => `${Math.floor(n * 100) / 100}%`

export default plugin(({ addBase }) => {
  for (const { family, weight, scale } of faces)
    addBase({
      '@font-face': {
        'font-family': `'${family}'`,
        'font-weight': String(weight),
        src: local.map((name) => `local('${name}')`).join(', '),
        'size-adjust': `${scale}%`,
        'ascent-override': percent((0.96875 / scale) * 10000),
        'descent-override': percent((0.2414 / scale) * 10000),
        'line-gap-override': '0%',
      },
    })
})
