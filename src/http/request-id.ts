/** Request ids live beside the request (its headers are read-only), for logs and error reports. */
const ids = new WeakMap<Request, string>()

export const setRequestId = (request: Request, id: string): void => void ids.set(request, id)
export const requestIdOf = (request: Request): string | undefined => ids.get(request)
