/** The training feature's operations, for its routes and for other features (the chat runtime searches). */
export { addDocuments, deleteDocument, documentFile, renameDocument, viewDocuments } from './documents'
export { addLinks, deleteLink, linkStatus, viewLinks } from './links'
export { searchPassages, searchStems, termFrequencies, type Passage, type PassageSourceInfo } from './search'
export { LINK_JOB_KIND, linkJob } from './link-job'
