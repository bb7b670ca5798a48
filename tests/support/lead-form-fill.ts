import type { Page } from '@playwright/test'

export interface LeadFormValues {
  name: string
  email: string
  phone: string
  requirement: string
  techStack: string
}

/** A visitor's answers (the ones not given are sample values). */
export const leadFormValues = (values: Partial<LeadFormValues> = {}): LeadFormValues => ({
  name: 'Asha Verma',
  email: 'asha@example.com',
  phone: '+91 98765 43210',
  requirement: 'Two data engineers for our analytics platform',
  techStack: 'Python, dbt',
  ...values,
})

/** Types the answers into /get-started's form, field by field as a visitor would. */
export async function fillLeadForm(page: Page, values: Partial<LeadFormValues> = {}) {
  const v = leadFormValues(values)
  await page.getByLabel('Full Name').fill(v.name)
  await page.getByLabel('Email').fill(v.email)
  await page.getByLabel('Phone Number').fill(v.phone)
  await page.getByLabel('Team Requirements').fill(v.requirement)
  await page.getByLabel('Technology Stack').fill(v.techStack)
}
