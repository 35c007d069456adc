import { generateKeyPairSync, randomBytes, sign, X509Certificate } from 'node:crypto'

/**
 * A self-signed TLS certificate for one DNS name, made with node:crypto alone (what
 * `openssl req -x509 -newkey ec -subj /CN=name -addext subjectAltName=DNS:name` makes): node:crypto
 * makes keys and signatures but no certificates, so the few DER structures of an X.509 v3
 * certificate are written here. An ECDSA P-256 key, valid from an hour ago for a day, CA:TRUE so
 * that it can be its own trust anchor.
 */
export function selfSignedCertificate(dnsName: string): { key: string; cert: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
  const name = seq(set(seq(oid('2.5.4.3'), der(0x0c, Buffer.from(dnsName, 'utf8')))))
  const ecdsaWithSha256 = seq(oid('1.2.840.10045.4.3.2'))
  const now = Date.now()
  const serial = randomBytes(16)
  // A positive INTEGER in DER's shortest form: a first byte of 0 before one under 0x80 is refused
  // (INVALID_INTEGER), which one certificate in 256 drew when only the top bit was cleared.
  serial[0] = (serial[0] & 0x3f) | 0x40
  const tbs = seq(
    der(0xa0, der(0x02, Buffer.from([2]))), // version: v3
    der(0x02, serial),
    ecdsaWithSha256,
    name,
    seq(utcTime(new Date(now - 3_600_000)), utcTime(new Date(now + 86_400_000))),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    der(
      0xa3,
      seq(
        seq(oid('2.5.29.19'), der(0x01, Buffer.from([0xff])), der(0x04, seq(der(0x01, Buffer.from([0xff]))))), // basicConstraints critical CA:TRUE
        seq(oid('2.5.29.17'), der(0x04, seq(der(0x82, Buffer.from(dnsName, 'ascii'))))), // subjectAltName DNS:name
      ),
    ),
  )
  const signature = sign('sha256', tbs, privateKey)
  const certificate = seq(tbs, ecdsaWithSha256, der(0x03, Buffer.concat([Buffer.from([0]), signature])))
  const cert = `-----BEGIN CERTIFICATE-----\n${certificate.toString('base64').replace(/.{64}/g, '$&\n')}\n-----END CERTIFICATE-----\n`
  // Parsing it back checks the encoding, the name and the self-signature before any TLS stack sees it.
  const parsed = new X509Certificate(cert)
  if (!parsed.verify(publicKey) || parsed.checkHost(dnsName) !== dnsName) throw new Error('the self-signed certificate does not check out')
  return { key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), cert }
}

/** A DER element: tag, definite length, contents. */
function der(tag: number, ...contents: Buffer[]): Buffer {
  const body = Buffer.concat(contents)
  const n = body.length
  const length = n < 0x80 ? [n] : n < 0x100 ? [0x81, n] : [0x82, n >> 8, n & 0xff]
  return Buffer.concat([Buffer.from([tag, ...length]), body])
}

const seq = (...items: Buffer[]) => der(0x30, ...items)
const set = (...items: Buffer[]) => der(0x31, ...items)

function oid(dotted: string): Buffer {
  const [first, second, ...rest] = dotted.split('.').map(Number)
  const bytes = [first * 40 + second]
  for (const arc of rest) {
    const base128 = [arc & 0x7f]
    for (let v = arc >> 7; v > 0; v >>= 7) base128.unshift((v & 0x7f) | 0x80)
    bytes.push(...base128)
  }
  return der(0x06, Buffer.from(bytes))
}

function utcTime(date: Date): Buffer {
  const text = date.toISOString().replace(/[-:T]/g, '').slice(2, 14) + 'Z' // YYMMDDHHMMSSZ
  return der(0x17, Buffer.from(text, 'ascii'))
}
