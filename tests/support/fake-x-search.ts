import type { FakePost, FakeXWorld } from './fake-x-world';

// The fake's reading of X's recent search query (docs.x.com, "Build a query"): terms ANDed by
// space, OR between runs of them (AND binds first), parentheses, - negating a term or a group,
// "exact phrases", and the operators Perch sends: from: and to: (username or id), #tag, @user,
// lang:, conversation_id:, is:reply, is:retweet. Words match as substrings of the text, case
// ignored: simple, and enough to tell what a query asks for.

type Node = { op: 'or' | 'and'; nodes: Node[] } | { op: 'not'; node: Node } | { op: 'term'; term: string };

const TOKEN = /\)|(-?)(\(|"[^"]*"|[^\s()"]+)/g;

function tokenize(query: string): string[] {
  const tokens: string[] = [];
  for (const [whole, minus, body] of query.matchAll(TOKEN)) {
    if (whole === ')') tokens.push(')');
    else {
      if (minus) tokens.push('-');
      tokens.push(body);
    }
  }
  return tokens;
}

function parse(tokens: string[]): Node {
  let at = 0;
  const unary = (): Node => {
    if (tokens[at] === '-') {
      at += 1;
      return { op: 'not', node: unary() };
    }
    const token = tokens[at++] ?? ''; // a query cut short matches as an empty word
    if (token === '(') {
      const inner = or();
      at += 1; // ')'
      return inner;
    }
    return { op: 'term', term: token };
  };
  const and = (): Node => {
    const nodes: Node[] = [];
    while (at < tokens.length && tokens[at] !== ')' && tokens[at] !== 'OR') nodes.push(unary());
    return { op: 'and', nodes };
  };
  const or = (): Node => {
    const nodes = [and()];
    while (tokens[at] === 'OR') {
      at += 1;
      nodes.push(and());
    }
    return { op: 'or', nodes };
  };
  return or();
}

function termMatches(world: FakeXWorld, post: FakePost, term: string): boolean {
  const text = post.text.toLowerCase();
  const lower = term.toLowerCase();
  const user = (value: string) => world.users.find((candidate) => candidate.id === value || candidate.username.toLowerCase() === value.toLowerCase());
  const named = (username: string | null | undefined, name: string) => (username ?? '').toLowerCase() === name.toLowerCase();
  const colon = term.indexOf(':');
  const [operator, value] = colon > 0 && !term.startsWith('"') ? [term.slice(0, colon), term.slice(colon + 1)] : ['', term];
  const references = (type: 'replied_to' | 'retweeted') => (post.referencedPosts ?? []).some((ref) => ref.type === type);
  if (term === 'is:reply') return references('replied_to');
  if (term === 'is:retweet') return references('retweeted');
  if (operator === 'from') return post.authorId !== undefined && post.authorId === user(value)?.id;
  if (operator === 'to') {
    const target = user(value);
    return Boolean(target && (post.inReplyToUserId === target.id || (post.entities?.mentions ?? []).some((m) => named(m.username, target.username))));
  }
  if (operator === 'lang') return post.lang === value;
  if (operator === 'conversation_id') return post.conversationId === value;
  if (term.startsWith('#')) return (post.entities?.hashtags ?? []).some((h) => h.tag.toLowerCase() === lower.slice(1)) || text.includes(lower);
  if (term.startsWith('@')) return (post.entities?.mentions ?? []).some((m) => named(m.username, lower.slice(1))) || text.includes(lower);
  if (term.startsWith('"')) return text.includes(lower.slice(1, -1));
  return text.includes(lower);
}

function evaluate(world: FakeXWorld, post: FakePost, node: Node): boolean {
  if (node.op === 'term') return termMatches(world, post, node.term);
  if (node.op === 'not') return !evaluate(world, post, node.node);
  if (node.op === 'and') return node.nodes.every((inner) => evaluate(world, post, inner));
  return node.nodes.some((inner) => evaluate(world, post, inner));
}

/** Whether X's recent search `query` finds `post` in `world`. */
export function searchMatches(world: FakeXWorld, post: FakePost, query: string): boolean {
  return evaluate(world, post, parse(tokenize(query)));
}
