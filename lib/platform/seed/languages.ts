// How sentences look in each language the seed writes. Faker gives content words for most
// locales but no grammar words; a few of the most frequent ones per language make the text
// read (and search, and language-detect) like that language.

export type LanguageProfile = {
  /** ISO 639-1, as tweets' `lang` carries it. */
  code: string;
  /** Words are separated by spaces, except in scripts written without them. */
  joiner: ' ' | '';
  /** Scripts with upper case start a sentence with a capital. */
  cased: boolean;
  functionWords: readonly string[];
  /** Sentence endings, repeated entries being more likely. */
  endings: readonly string[];
};

const LATIN_ENDINGS = ['.', '.', '.', '!', '!', '?', '', '', '…', '!!'];

const PROFILES: readonly LanguageProfile[] = [
  { code: 'en', joiner: ' ', cased: true, endings: LATIN_ENDINGS, functionWords: ['the', 'a', 'and', 'is', 'are', 'this', 'that', 'with', 'for', 'you', 'of', 'to', 'it', 'in', 'on', 'my', 'we', 'so', 'just', 'really', 'today', 'not', 'what', 'all', 'our', 'new'] },
  { code: 'es', joiner: ' ', cased: true, endings: LATIN_ENDINGS, functionWords: ['el', 'la', 'los', 'las', 'que', 'es', 'por', 'con', 'para', 'una', 'un', 'del', 'pero', 'muy', 'y', 'en', 'hoy', 'no', 'mi', 'este', 'esta', 'más', 'todo', 'nuevo'] },
  { code: 'fr', joiner: ' ', cased: true, endings: LATIN_ENDINGS, functionWords: ['le', 'la', 'les', 'est', 'et', 'une', 'un', 'des', 'pour', 'avec', 'dans', 'pas', 'je', 'du', 'sur', 'ce', 'très', "aujourd'hui", 'mais', 'plus', 'on', 'nous'] },
  { code: 'de', joiner: ' ', cased: true, endings: LATIN_ENDINGS, functionWords: ['der', 'die', 'das', 'und', 'ist', 'nicht', 'mit', 'ein', 'eine', 'ich', 'auf', 'für', 'heute', 'sehr', 'aber', 'wir', 'auch', 'noch', 'so', 'zu'] },
  { code: 'pt', joiner: ' ', cased: true, endings: LATIN_ENDINGS, functionWords: ['o', 'a', 'os', 'não', 'uma', 'um', 'com', 'para', 'que', 'é', 'em', 'do', 'da', 'mas', 'muito', 'hoje', 'isso', 'mais', 'eu', 'nós'] },
  { code: 'it', joiner: ' ', cased: true, endings: LATIN_ENDINGS, functionWords: ['il', 'la', 'gli', 'che', 'è', 'una', 'un', 'per', 'con', 'non', 'sono', 'della', 'ma', 'anche', 'oggi', 'molto', 'io', 'noi', 'più', 'questo'] },
  { code: 'nl', joiner: ' ', cased: true, endings: LATIN_ENDINGS, functionWords: ['het', 'de', 'een', 'niet', 'ook', 'zijn', 'van', 'met', 'voor', 'ik', 'op', 'dat', 'en', 'vandaag', 'heel', 'maar', 'wij', 'nog'] },
  { code: 'af', joiner: ' ', cased: true, endings: LATIN_ENDINGS, functionWords: ['en', 'die', 'is', 'nie', 'dat', 'met', 'vir', 'ek', 'ons', 'vandag', 'baie', 'maar', 'ook', 'van', 'op'] },
  { code: 'tr', joiner: ' ', cased: true, endings: LATIN_ENDINGS, functionWords: ['ve', 'bir', 'bu', 'çok', 'için', 'ile', 'ama', 'da', 'de', 'ne', 'gibi', 'daha', 'bugün', 'ben', 'biz', 'her', 'şey', 'var', 'yok'] },
  { code: 'pl', joiner: ' ', cased: true, endings: LATIN_ENDINGS, functionWords: ['i', 'w', 'nie', 'na', 'to', 'że', 'się', 'z', 'jak', 'ale', 'do', 'jest', 'bardzo', 'dzisiaj', 'już', 'jeszcze', 'my', 'tak'] },
  { code: 'cs', joiner: ' ', cased: true, endings: LATIN_ENDINGS, functionWords: ['a', 'v', 'ne', 'na', 'to', 'že', 'se', 's', 'jak', 'ale', 'do', 'je', 'velmi', 'dnes', 'už', 'ještě', 'my', 'tak'] },
  { code: 'sv', joiner: ' ', cased: true, endings: LATIN_ENDINGS, functionWords: ['och', 'i', 'att', 'det', 'som', 'en', 'på', 'är', 'med', 'för', 'inte', 'jag', 'vi', 'idag', 'mycket', 'men', 'också'] },
  { code: 'nb', joiner: ' ', cased: true, endings: LATIN_ENDINGS, functionWords: ['og', 'i', 'det', 'som', 'en', 'på', 'er', 'med', 'for', 'ikke', 'jeg', 'vi', 'idag', 'veldig', 'men', 'også'] },
  { code: 'da', joiner: ' ', cased: true, endings: LATIN_ENDINGS, functionWords: ['og', 'i', 'det', 'som', 'en', 'på', 'er', 'med', 'for', 'ikke', 'jeg', 'vi', 'idag', 'meget', 'men', 'også'] },
  { code: 'fi', joiner: ' ', cased: true, endings: LATIN_ENDINGS, functionWords: ['ja', 'on', 'ei', 'se', 'että', 'kun', 'mutta', 'myös', 'tänään', 'todella', 'me', 'minä', 'tämä', 'niin', 'vielä'] },
  { code: 'lv', joiner: ' ', cased: true, endings: LATIN_ENDINGS, functionWords: ['un', 'ir', 'ne', 'tas', 'kas', 'ar', 'uz', 'bet', 'arī', 'šodien', 'ļoti', 'mēs', 'es', 'vēl'] },
  { code: 'id', joiner: ' ', cased: true, endings: LATIN_ENDINGS, functionWords: ['dan', 'yang', 'di', 'ini', 'itu', 'dengan', 'untuk', 'tidak', 'ada', 'hari ini', 'sangat', 'tapi', 'kami', 'juga', 'sudah'] },
  { code: 'vi', joiner: ' ', cased: true, endings: LATIN_ENDINGS, functionWords: ['và', 'là', 'của', 'có', 'không', 'được', 'trong', 'cho', 'này', 'rất', 'hôm nay', 'nhưng', 'chúng tôi', 'với', 'đã'] },
  { code: 'ru', joiner: ' ', cased: true, endings: LATIN_ENDINGS, functionWords: ['и', 'в', 'не', 'на', 'я', 'что', 'это', 'с', 'как', 'но', 'по', 'так', 'все', 'мы', 'очень', 'сегодня', 'уже', 'еще', 'для'] },
  { code: 'uk', joiner: ' ', cased: true, endings: LATIN_ENDINGS, functionWords: ['і', 'в', 'не', 'на', 'я', 'що', 'це', 'з', 'як', 'але', 'по', 'так', 'все', 'ми', 'дуже', 'сьогодні', 'вже', 'ще', 'для', 'її'] },
  { code: 'el', joiner: ' ', cased: true, endings: ['.', '.', '!', ';', '', '…'], functionWords: ['και', 'το', 'η', 'ο', 'να', 'είναι', 'για', 'με', 'στο', 'δεν', 'σήμερα', 'πολύ', 'αλλά', 'εμείς', 'αυτό'] },
  { code: 'he', joiner: ' ', cased: false, endings: ['.', '.', '!', '?', ''], functionWords: ['של', 'את', 'זה', 'על', 'עם', 'לא', 'גם', 'היום', 'מאוד', 'אבל', 'אני', 'אנחנו', 'כל', 'יש'] },
  { code: 'ar', joiner: ' ', cased: false, endings: ['.', '.', '!', '؟', ''], functionWords: ['في', 'من', 'على', 'و', 'هذا', 'هذه', 'مع', 'لا', 'اليوم', 'جدا', 'لكن', 'نحن', 'أنا', 'كل', 'إلى', 'عن'] },
  { code: 'ur', joiner: ' ', cased: false, endings: ['۔', '۔', '!', '؟', ''], functionWords: ['اور', 'کے', 'میں', 'کی', 'ہے', 'یہ', 'کو', 'سے', 'نہیں', 'آج', 'بہت', 'لیکن', 'ہم'] },
  { code: 'ja', joiner: '', cased: false, endings: ['。', '。', '！', '？', '', '…', 'ね。'], functionWords: ['の', 'は', 'が', 'を', 'に', 'で', 'と', 'も', 'です', 'ます', 'ね', 'よ', '今日', 'とても', 'でも', 'これ', 'それ'] },
  { code: 'ko', joiner: ' ', cased: false, endings: ['.', '!', '?', '', '…', 'ㅋㅋ'], functionWords: ['그리고', '오늘', '정말', '너무', '진짜', '우리', '이', '그', '저', '좀', '또', '다', '잘', '많이'] },
  { code: 'th', joiner: '', cased: false, endings: ['', '', '!', ' 555', '…'], functionWords: ['และ', 'ที่', 'ของ', 'ใน', 'เป็น', 'ไม่', 'ได้', 'จะ', 'มี', 'ก็', 'วันนี้', 'มาก', 'แต่', 'เรา'] },
];

const BY_CODE = new Map(PROFILES.map((p) => [p.code, p]));

/** The language a faker locale writes: its ISO 639-1 part ('pt' for pt_BR). */
export function languageOfLocale(locale: string): string {
  return locale.split('_')[0];
}

/** The profile of a language code; throws for a language the seed does not write. */
export function languageProfile(code: string): LanguageProfile {
  const profile = BY_CODE.get(code);
  if (!profile) throw new Error(`no language profile for "${code}"`);
  return profile;
}
