import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '@/lib/auth/password';

/** A new password, with the same rules as sign-up. */
export const newPasswordSchema = z.string().min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters`).max(256, 'Use at most 256 characters');
