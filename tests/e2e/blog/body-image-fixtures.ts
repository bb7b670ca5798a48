import { expect, type Locator, type Page } from '@playwright/test'
import sharp from 'sharp'

/** A photo-like JPEG, 2400×1600, that the pipeline must bring down to 1200 px. */
export async function photoJpeg(): Promise<Buffer> {
  const width = 2400
  const height = 1600
  const pixels = Buffer.alloc(width * height * 3)
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7 + ((i / width) | 0)) % 251
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer()
}

/** Inserts an image into the body through the toolbar's image button and its file chooser. */
export async function insertBodyImage(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser')
  await page
    .getByRole('toolbar', { name: 'Formatting' })
    .getByRole('button', { name: 'Insert image' })
    .click()
  await (await chooser).setFiles(file)
}

/** Sets the selected image's alt text in the field under the toolbar. */
export async function describeSelectedImage(page: Page, alt: string) {
  const field = page.getByLabel('Image description (alt text)')
  await expect(field).toBeVisible()
  // Typed key by key: the image stays selected while its description is written.
  await field.fill('')
  await field.pressSequentially(alt)
  await expect(field).toHaveValue(alt)
  await page.getByTestId('image-alt').getByRole('button', { name: 'Done' }).click()
  await expect(field).toBeHidden()
}

/** Whether an <img> has loaded and has pixels. */
export async function imageLoaded(image: Locator): Promise<boolean> {
  return image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)
}
