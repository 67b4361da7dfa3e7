/**
 * The operating company's contact details on the Contact and FAQ pages (spec back-office-and-shell
 * section 2 "Contact page": office address, sales/support/emergency phones, three mailboxes,
 * business hours Mon-Fri 8-6, Sat 9-1, Sun emergency only).
 *
 * The spec gives no values: these are fictitious placeholders (555-01xx numbers, an `.example`
 * domain) for the operator to replace before go-live. The support mailbox is the deployment's
 * support address (runtime config `supportEmail`), so it is real wherever that is set.
 */

export const CONTACT_DETAILS = {
  company: 'Suture Medical LLC',
  address: ['100 Example Parkway, Suite 200', 'Austin, TX 78701'],
  phones: {
    sales: '(512) 555-0140',
    support: '(512) 555-0141',
    emergency: '(512) 555-0142',
  },
  /** Mailboxes besides support (which comes from the runtime config). */
  mailboxes: {
    general: 'info@suture.example',
    sales: 'sales@suture.example',
  },
  hours: [
    { label: 'Monday - Friday', hours: '8:00 AM - 6:00 PM' },
    { label: 'Saturday', hours: '9:00 AM - 1:00 PM' },
    { label: 'Sunday', hours: 'Emergency only' },
  ],
} as const;

/** `tel:` link of a displayed US number: '(512) 555-0141' -> 'tel:+15125550141'. */
export function telHref(display: string): string {
  return `tel:+1${display.replace(/\D/g, '')}`;
}
