import { mkdir, readFile, rm, writeFile, rename } from 'node:fs/promises'
import { dirname, join, resolve, sep } from 'node:path'

/** Where PDFs, logos and uploads live. Keys are ours (ids), never user file names. */
export interface FileStore {
  put(key: string, bytes: Uint8Array): Promise<void>
  get(key: string): Promise<Uint8Array | null>
  delete(key: string): Promise<void>
  /** Removes every file whose key starts with `prefix/`. */
  deletePrefix(prefix: string): Promise<void>
}

export function createDiskFileStore(root: string): FileStore {
  const base = resolve(root)
  const pathOf = (key: string): string => {
    const path = resolve(join(base, key))
    if (!path.startsWith(base + sep)) throw new Error(`file key escapes the store: ${key}`)
    return path
  }
  return {
    async put(key, bytes) {
      const path = pathOf(key)
      await mkdir(dirname(path), { recursive: true })
      // Write then rename, so a crash never leaves a half-written file under the final name.
      const temp = `${path}.${crypto.randomUUID()}.tmp`
      await writeFile(temp, bytes)
      await rename(temp, path)
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(pathOf(key)))
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw error
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true })
    },
    async deletePrefix(prefix) {
      await rm(pathOf(prefix), { recursive: true, force: true })
    },
  }
}
