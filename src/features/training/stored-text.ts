// A source's text as its reader gave it, before cleanup, kept in the file store beside the
// chatbot's other files (owner-private, removed with the source or the chatbot): a re-index cleans
// and cuts it again without reading the PDF or fetching the page again.
import type { FileStore } from '../../infra/files'
import { chatbotFilePrefix } from '../chatbots/access'
import { cleanHtmlText, cleanPdfText } from './text-cleanup'

/** Which reader made the text, so the cleanup of the day for that kind of text is applied to it. */
export type TextReader = 'pdf' | 'html' | 'plain'

export interface ExtractedText {
  reader: TextReader
  text: string
}

const READERS: readonly TextReader[] = ['pdf', 'html', 'plain']

export const storedTextKey = (chatbotId: string, sourceType: 'document' | 'link', sourceId: string) => `${chatbotFilePrefix(chatbotId)}/${sourceType}s/${sourceId}.text.json`

/** The text the index is made from: the reader's text cleaned (plain text is only normalised, when read). */
export function cleanedText({ reader, text }: ExtractedText): string {
  if (reader === 'pdf') return cleanPdfText(text)
  return reader === 'html' ? cleanHtmlText(text) : text
}

export async function storeText(files: FileStore, key: string, extracted: ExtractedText): Promise<void> {
  await files.put(key, new TextEncoder().encode(JSON.stringify({ reader: extracted.reader, text: extracted.text })))
}

/** The stored text, or null when it is missing or not what storeText wrote (the source is then read as if it had none). */
export async function loadText(files: FileStore, key: string): Promise<ExtractedText | null> {
  const bytes = await files.get(key)
  if (!bytes) return null
  try {
    const value: unknown = JSON.parse(new TextDecoder().decode(bytes))
    if (typeof value !== 'object' || value === null) return null
    const { reader, text } = value as Record<string, unknown>
    return READERS.includes(reader as TextReader) && typeof text === 'string' ? { reader: reader as TextReader, text } : null
  } catch {
    return null
  }
}
