// PostgreSQL's own text form of a tsquery (websearch_to_tsquery('simple', …)::text), parsed
// once per rule and evaluated in memory against a tweet's tsvector: the same words, phrases,
// negations and ORs as POST /v2/search, with no query per rule per tweet.

export type TsQuery =
  | { op: 'lexeme'; value: string }
  | { op: 'not'; arg: TsQuery }
  | { op: 'and' | 'or'; left: TsQuery; right: TsQuery }
  | { op: 'phrase'; distance: number; left: TsQuery; right: TsQuery };

/** A tweet's lexemes with their word positions, parsed from `search_doc::text`. */
export type Lexemes = Map<string, number[]>;

const VECTOR_ENTRY = /'((?:[^']|'')*)'(?::([0-9A-D,]+))?/gu;

/** Parses a tsvector's text form ('word':1,3 'other':2) into lexeme → positions. */
export function parseTsVector(text: string): Lexemes {
  const lexemes: Lexemes = new Map();
  for (const match of text.matchAll(VECTOR_ENTRY)) {
    const positions = (match[2] ?? '').split(',').filter(Boolean).map((p) => Number.parseInt(p, 10));
    lexemes.set(match[1].replaceAll("''", "'"), positions);
  }
  return lexemes;
}

type Token = { kind: 'lexeme'; value: string } | { kind: '&' | '|' | '!' | '(' | ')' } | { kind: 'phrase'; distance: number };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === ' ') i++;
    else if (c === "'") {
      let value = '';
      i++;
      while (i < text.length) {
        if (text[i] === "'" && text[i + 1] === "'") {
          value += "'";
          i += 2;
        } else if (text[i] === "'") break;
        else value += text[i++];
      }
      i++;
      // Weights and prefix marks (:*, :AB) do not occur in websearch queries; skip them if they do.
      while (i < text.length && text[i] === ':') {
        i++;
        while (i < text.length && /[*A-D]/u.test(text[i])) i++;
      }
      tokens.push({ kind: 'lexeme', value });
    } else if (c === '<') {
      const end = text.indexOf('>', i);
      const inner = text.slice(i + 1, end);
      tokens.push({ kind: 'phrase', distance: inner === '-' ? 1 : Number.parseInt(inner, 10) });
      i = end + 1;
    } else if (c === '&' || c === '|' || c === '!' || c === '(' || c === ')') {
      tokens.push({ kind: c });
      i++;
    } else throw new Error(`unexpected character in tsquery text: ${c}`);
  }
  return tokens;
}

/** Parses PostgreSQL's tsquery text; null for an empty query (one of stop words only). */
export function parseTsQuery(text: string): TsQuery | null {
  const tokens = tokenize(text);
  if (tokens.length === 0) return null;
  let at = 0;
  // Precedence, loosest first, as PostgreSQL prints it: | then & then <-> then !.
  const or = (): TsQuery => {
    let left = and();
    while (tokens[at]?.kind === '|') {
      at++;
      left = { op: 'or', left, right: and() };
    }
    return left;
  };
  const and = (): TsQuery => {
    let left = phrase();
    while (tokens[at]?.kind === '&') {
      at++;
      left = { op: 'and', left, right: phrase() };
    }
    return left;
  };
  const phrase = (): TsQuery => {
    let left = unary();
    for (let token = tokens[at]; token?.kind === 'phrase'; token = tokens[at]) {
      at++;
      left = { op: 'phrase', distance: token.distance, left, right: unary() };
    }
    return left;
  };
  const unary = (): TsQuery => {
    const token = tokens[at++];
    if (token?.kind === '!') return { op: 'not', arg: unary() };
    if (token?.kind === '(') {
      const inner = or();
      at++; // ')'
      return inner;
    }
    if (token?.kind === 'lexeme') return { op: 'lexeme', value: token.value };
    throw new Error('malformed tsquery text');
  };
  return or();
}

// Positions where a (sub)phrase ends, for phrase matching; null means "matches, no position" (a NOT).
function phraseEnds(query: TsQuery, lexemes: Lexemes): number[] | null {
  switch (query.op) {
    case 'lexeme':
      return lexemes.get(query.value) ?? [];
    case 'phrase': {
      const left = phraseEnds(query.left, lexemes);
      const right = phraseEnds(query.right, lexemes);
      // websearch_to_tsquery builds phrases of words only; anything else degrades to AND.
      if (left === null || right === null) return evaluate(query.left, lexemes) && evaluate(query.right, lexemes) ? (right ?? left ?? [0]) : [];
      return right.filter((end) => left.includes(end - query.distance));
    }
    case 'and':
    case 'or':
    case 'not':
      return evaluate(query, lexemes) ? null : [];
  }
}

/** Whether a tweet's lexemes satisfy the query, as `search_doc @@ query` would. */
export function evaluate(query: TsQuery, lexemes: Lexemes): boolean {
  switch (query.op) {
    case 'lexeme':
      return lexemes.has(query.value);
    case 'not':
      return !evaluate(query.arg, lexemes);
    case 'and':
      return evaluate(query.left, lexemes) && evaluate(query.right, lexemes);
    case 'or':
      return evaluate(query.left, lexemes) || evaluate(query.right, lexemes);
    case 'phrase':
      return (phraseEnds(query, lexemes) ?? []).length > 0;
  }
}
