import { mkdir, readFile, rm, writeFile, rename } from 'node:fs/promises'
import { dirname, join, resolve, sep } from 'node:path'
import { S3Client } from 'bun'
import type { FilesConfig } from '../config'

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
      // Readable by the service's user only (contract 13).
      await mkdir(dirname(path), { recursive: true, mode: 0o700 })
      // Write then rename, so a crash never leaves a half-written file under the final name.
      const temp = `${path}.${crypto.randomUUID()}.tmp`
      await writeFile(temp, bytes, { mode: 0o600 })
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

/** The store FILES_URL names: a directory (the default, DATA_DIR/files) or an S3-compatible bucket. */
export function createFileStore(config: FilesConfig): FileStore {
  return config.kind === 's3' ? createS3FileStore(config) : createDiskFileStore(config.root)
}

/** Objects deleted at once by deletePrefix. */
const DELETE_CONCURRENCY = 8

/**
 * Any S3-compatible store (AWS S3, MinIO, R2, Ceph...) through Bun's built-in client. Keys are the
 * same as on disk, under the configured prefix; `deletePrefix` lists page by page and deletes.
 */
export function createS3FileStore(config: Extract<FilesConfig, { kind: 's3' }>, opts: { listPageSize?: number } = {}): FileStore {
  const client = new S3Client({
    bucket: config.bucket,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.region ? { region: config.region } : {}),
    ...(config.accessKeyId ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey ?? undefined } : {}),
    virtualHostedStyle: config.virtualHostedStyle,
  })
  const objectKey = (key: string): string => {
    const parts = key.split('/')
    if (key === '' || parts.some((p) => p === '' || p === '.' || p === '..')) throw new Error(`file key escapes the store: ${key}`)
    return config.prefix ? `${config.prefix}/${key}` : key
  }
  /** A DELETE of a missing object is done; one the store answers with a 5xx is tried again, as S3 asks. */
  const deleteObject = async (key: string): Promise<void> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await client.delete(key)
      } catch (error) {
        if (isMissing(error)) return
        if (!isTransient(error) || attempt >= RETRIES) throw error
        await Bun.sleep(50 * 2 ** attempt)
      }
    }
  }
  return {
    async put(key, bytes) {
      // One PUT: the object appears whole or not at all.
      await client.write(objectKey(key), bytes)
    },
    async get(key) {
      try {
        return new Uint8Array(await client.file(objectKey(key)).arrayBuffer())
      } catch (error) {
        if (isMissing(error)) return null
        throw error
      }
    },
    async delete(key) {
      await deleteObject(objectKey(key))
    },
    async deletePrefix(prefix) {
      const under = `${objectKey(prefix)}/`
      let continuationToken: string | undefined
      do {
        const page = await client.list({
          prefix: under,
          ...(opts.listPageSize ? { maxKeys: opts.listPageSize } : {}),
          ...(continuationToken ? { continuationToken } : {}),
        })
        const keys = (page.contents ?? []).map((o) => o.key)
        for (let i = 0; i < keys.length; i += DELETE_CONCURRENCY) {
          await Promise.all(keys.slice(i, i + DELETE_CONCURRENCY).map(deleteObject))
        }
        continuationToken = page.isTruncated ? page.nextContinuationToken : undefined
      } while (continuationToken)
    },
  }
}

/** Tries of one S3 request that failed with InternalError or SlowDown (Bun's client retries uploads itself). */
const RETRIES = 4

function isTransient(error: unknown): boolean {
  const { code, status } = (error ?? {}) as { code?: unknown; status?: unknown }
  return code === 'InternalError' || code === 'SlowDown' || code === 'ServiceUnavailable' || (typeof status === 'number' && status >= 500)
}

function isMissing(error: unknown): boolean {
  const { code, status } = (error ?? {}) as { code?: unknown; status?: unknown }
  return code === 'NoSuchKey' || code === 'ENOENT' || status === 404
}
