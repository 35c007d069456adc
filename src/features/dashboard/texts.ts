/** The dashboard's own words where a form says what is wrong in place of the API's messages. */

/** The training page's upload form. */
export const DOCUMENTS_FORM_MESSAGES = {
  none: 'Choose at least one PDF document.',
  notPdf: (names: string[]) => `${names.map((n) => `"${n}"`).join(', ')} ${names.length === 1 ? 'is not a PDF' : 'are not PDFs'}. Only PDF documents are accepted.`,
} as const

/** The creation and settings forms' logo input (judged by content, as the API judges it). */
export const LOGO_FORM_MESSAGE = 'The logo must be a PNG, JPEG, GIF or WebP image of at most 2 MiB.'
