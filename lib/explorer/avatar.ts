/** Up to two initials of a display name, falling back to the username. */
export function initials(name: string, username: string): string {
  const words = name.trim().split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w));
  const letters = words.slice(0, 2).map((w) => Array.from(w.replace(/^[^\p{L}\p{N}]+/u, ''))[0] ?? '');
  const text = letters.join('').toUpperCase();
  return text || username.slice(0, 2).toUpperCase();
}

/** A hue that stays the same for a username, so placeholder avatars are told apart. */
export function avatarHue(username: string): number {
  let hash = 0;
  for (const char of username.toLowerCase()) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return hash % 360;
}
