import { z } from 'zod';

/** A Bluesky handle as people copy it from profiles (an optional @, any case), or a DID: trimmed and normalized. */
export const blueskyIdentifierSchema = z
  .string()
  .trim()
  .transform((value) => (value.startsWith('did:') ? value : value.replace(/^@/, '').toLowerCase()))
  .pipe(z.string().min(1, 'enter your handle (you.bsky.social) or DID').max(253, 'a handle has at most 253 characters'));
