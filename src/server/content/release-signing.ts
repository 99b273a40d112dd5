import 'server-only';
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  sign,
} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { env } from '../config/env';
import { getDb } from '../db/client';
import { releases } from '../db/schema';
import { logFor } from '../log';
import { storage } from '../storage';

const log = logFor('content');

/** Where the portal keeps the public half it publishes (storage is shared by every node). */
export const PUBLIC_KEY_STORAGE_KEY = 'releases/maccms-release.pub';
/** The name a site owner saves the public key under (the docs' openssl commands use it). */
export const PUBLIC_KEY_FILE_NAME = 'maccms-release.pub';
/** A package's detached signature: the raw 64-byte Ed25519 signature of its exact bytes. */
export const signatureStorageKey = (fileKey: string) => `${fileKey}.sig`;

let cachedKey: KeyObject | undefined;

/**
 * The private signing key: the file RELEASE_SIGNING_KEY_FILE names, else one made on first use in
 * DATA_DIR/release-signing/ (readable by its owner only). A throw-away data directory (memory://)
 * keeps it in memory. The key never leaves this process; only its public half is published.
 */
export function signingKey(): KeyObject {
  if (cachedKey) return cachedKey;
  const { RELEASE_SIGNING_KEY_FILE: configured, DATA_DIR } = env();
  if (configured) cachedKey = readKeyFile(configured);
  else if (DATA_DIR.startsWith('memory://')) cachedKey = generateKeyPairSync('ed25519').privateKey;
  else {
    const file = path.join(DATA_DIR, 'release-signing', 'maccms-release.key');
    if (!fs.existsSync(file)) {
      fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
      const pem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' });
      // `wx`: a second process making its key at the same moment keeps the first one's.
      try {
        fs.writeFileSync(file, pem, { mode: 0o600, flag: 'wx' });
        log.info({ file }, 'made a release signing key');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
    cachedKey = readKeyFile(file);
  }
  return cachedKey;
}

function readKeyFile(file: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey(fs.readFileSync(file));
  } catch (error) {
    throw new Error(
      `RELEASE_SIGNING_KEY_FILE: cannot read a private key from ${file} (${(error as Error).message})`,
    );
  }
  if (key.asymmetricKeyType !== 'ed25519')
    throw new Error(
      `RELEASE_SIGNING_KEY_FILE: ${file} holds a key of type ${key.asymmetricKeyType}, not an Ed25519 one`,
    );
  return key;
}

/** The public key as the PEM file OpenSSL reads (`-pubin -inkey maccms-release.pub`). */
const publicPem = (key: KeyObject) => createPublicKey(key).export({ type: 'spki', format: 'pem' }).toString();

/** SHA-256 of the raw 32-byte public key, hex in groups of four: what a site owner compares. */
export function keyFingerprint(pem: string): string {
  const raw = createPublicKey(pem).export({ format: 'jwk' }).x!;
  const hex = createHash('sha256').update(Buffer.from(raw, 'base64url')).digest('hex');
  return hex.match(/.{4}/g)!.join(':');
}

/** The published public key and its fingerprint; null before the first release was signed. */
export async function publishedKey(): Promise<{ pem: string; fingerprint: string } | null> {
  const file = await storage().read(PUBLIC_KEY_STORAGE_KEY);
  if (!file) return null;
  const pem = await new Response(file.stream).text();
  return { pem, fingerprint: keyFingerprint(pem) };
}

/**
 * Publishes this process's public key when the portal shows another (or none). Answers whether it
 * changed: then every signature made with the old key no longer matches what visitors are shown.
 */
async function publishKey(key: KeyObject): Promise<boolean> {
  const pem = publicPem(key);
  if ((await publishedKey())?.pem === pem) return false;
  await storage().put(PUBLIC_KEY_STORAGE_KEY, new TextEncoder().encode(pem), 'application/x-pem-file');
  log.info({ fingerprint: keyFingerprint(pem) }, 'published the release signing key');
  return true;
}

/** Signs a package's bytes as stored (they are never changed) and keeps the signature beside it. */
async function writeSignature(key: KeyObject, fileKey: string, bytes: Uint8Array) {
  await storage().put(signatureStorageKey(fileKey), sign(null, bytes, key), 'application/octet-stream');
}

/** Signs a package being published (release:add, the demo seed). */
export async function signPackage(fileKey: string, bytes: Uint8Array) {
  const key = signingKey();
  // A new key (the first release, or the owner configured another) re-signs what was signed before.
  if (await publishKey(key)) await signStored(key, true);
  await writeSignature(key, fileKey, bytes);
}

/**
 * Signs every stored release that has no signature yet, or all of them when the published key
 * changed. Run by `npm run release:add` and by the demo seed; answers how many were signed.
 */
export async function signReleases(): Promise<number> {
  const key = signingKey();
  return signStored(key, await publishKey(key));
}

async function signStored(key: KeyObject, everything: boolean): Promise<number> {
  const rows = await (await getDb()).select({ fileKey: releases.fileKey }).from(releases);
  let signed = 0;
  for (const { fileKey } of rows) {
    if (!everything && (await storage().exists(signatureStorageKey(fileKey)))) continue;
    const file = await storage().read(fileKey);
    if (!file) continue; // a package whose file is gone is reported where it is downloaded
    await writeSignature(key, fileKey, new Uint8Array(await new Response(file.stream).arrayBuffer()));
    signed += 1;
  }
  return signed;
}
