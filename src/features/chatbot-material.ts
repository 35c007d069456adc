/**
 * What the chatbots feature needs from the features built on it, wired here (the composition
 * root beside index.ts) so that training and calendars can depend on chatbots and not the reverse.
 */
import { creationCalendars } from './calendars/service'
import type { ChatbotMaterial } from './chatbots/service'
import { wordsUsed } from './training/usage'

export const CHATBOT_MATERIAL: ChatbotMaterial = { wordsUsed: (ctx, chatbotId) => wordsUsed(ctx, chatbotId), calendars: creationCalendars }
