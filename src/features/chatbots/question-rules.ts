// Rules of data_collection items beyond their schema (contract 16): a choice has its options, and
// options belong to choice questions alone; a visitor picks one by its text, so no two may read the same.
import { invalid } from '../../http/errors'

export const QUESTION_MESSAGES = {
  optionsRequired: 'must list 2 to 20 options for a choice question',
  optionsNotAllowed: 'is only for choice questions',
  duplicateOption: 'must not list the same option twice',
} as const

interface Item {
  type: string
  options?: string[]
}

/** The list as stored (options trimmed), or 400 naming the item's field at fault. */
export function checkQuestionList<Q extends Item>(list: readonly Q[], field = 'data_collection'): Q[] {
  return list.map((item, index) => {
    const at = `${field}[${index}].options`
    if (item.type !== 'choice') {
      if (item.options !== undefined) throw invalid(at, QUESTION_MESSAGES.optionsNotAllowed)
      return item
    }
    if (!item.options) throw invalid(at, QUESTION_MESSAGES.optionsRequired)
    const options = item.options.map((o) => o.trim())
    if (new Set(options.map((o) => o.toLowerCase())).size !== options.length) throw invalid(at, QUESTION_MESSAGES.duplicateOption)
    return { ...item, options }
  })
}
