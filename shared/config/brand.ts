/** Every brand string the product shows comes from here. */
export const brand = {
  name: 'Meridian',
  /** Product slug: the unlisted admin route is `/{productSlug}/updateresources`. */
  productSlug: 'meridian',
  contactEmail: 'hello@meridian.example',
  salesEmail: 'sales@meridian.example',
  defaultAuthor: 'Meridian Team',
  tagline: 'Build and own your tech capacity centre in India',
  siteUrl: 'https://meridian.example',
} as const

export const adminPath = `/${brand.productSlug}/updateresources`
