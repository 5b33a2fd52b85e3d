const SPECIAL: Record<string, string> = { ß: 'ss', æ: 'ae', Æ: 'AE', ø: 'o', Ø: 'O', ł: 'l', Ł: 'L', đ: 'd', Đ: 'D', ı: 'i', œ: 'oe', Œ: 'OE', þ: 'th', ð: 'd' };

/** Latin text folded to the letters and digits a username may hold ("José Müller" → "JoseMuller"); other scripts fold to "". */
export function foldAscii(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[ßæÆøØłŁđĐıœŒþð]/g, (c) => SPECIAL[c])
    .replace(/[^A-Za-z0-9]/g, '');
}
