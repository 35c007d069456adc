/** Spec section 7 and contract sections 5 and 6, to the letter. */

// Documents
export const DOCUMENTS_ADDED = 'Documents added successfully.'
export const DOCUMENT_DELETED = 'Document deleted successfully.'
export const DOCUMENT_UPDATED = 'Document updated successfully.'
/** document-add, -view and -delete: the chatbot is missing or of another type (contract 5 groups both). */
export const DOCUMENTS_WRONG_CHATBOT = 'Can only manage documents for Knowledge Retrieval or Business Enquiries Chatbots.'
export const documentNotFound = (documentId: string) => `Document with ID: ${documentId} not found.`
export const ONLY_PDF = 'Only PDF documents are accepted.'
export const notEnoughWords = (needed: number, available: number) => `Not enough training words left: these documents hold ${needed} words and ${available} are available.`
export const NO_DOCUMENTS = 'documents: at least one PDF file is required'
export const NOT_MULTIPART = 'documents: send the PDF files as multipart/form-data file parts'
export const tooManyDocuments = (max: number) => `documents: at most ${max} files per request`
export const documentTooLarge = (name: string, maxMiB: number) => `${name}: each document must be at most ${maxMiB} MiB`
export const documentsTooLarge = (maxMiB: number) => `documents: at most ${maxMiB} MiB per request`

// Links
export const LINKS_QUEUED = "Links are queued: each is added if the chatbot's training word allowance suffices, then the chatbot is retrained."
export const LINK_DELETED = 'Link deleted successfully.'
/** link-view and link-delete word the subscription text without "this". */
export const LINKS_SUBSCRIPTION_REQUIRED = 'You need an active subscription to access API, please use create_subscription endpoint to get a subscription.'
export const LINKS_WRONG_TYPE = 'Can only add links to Knowledge Retrieval or Business Enquiries Chatbots.'
export const linkNotFound = (linkId: string) => `Link with ID: ${linkId} not found.`

// Link job outcomes (the `reason` of chatbot-link-status)
export const LINK_ALREADY_HELD = 'the chatbot already holds this link'
export const linkOverAllowance = (needed: number, available: number) => `not enough training words left: the page holds ${needed} words and ${available} are available`
export const LINK_NO_SUBSCRIPTION = 'the account has no active subscription'
export const LINK_NO_TEXT = 'no readable text found'
export const unsupportedContent = (contentType: string) => `unsupported content type: ${contentType || 'none given'}`
export const LINK_INTERNAL_ERROR = 'internal error while processing the link'
