import type { XTweet } from '@/lib/platform/x/x-types';
import type { FakeXWorld } from './fake-x-world';

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
    const token = tokens[at++];
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

function termMatches(world: FakeXWorld, tweet: XTweet, term: string): boolean {
  const text = tweet.text.toLowerCase();
  const lower = term.toLowerCase();
  const user = (value: string) => world.users.find((candidate) => candidate.id === value || candidate.username.toLowerCase() === value.toLowerCase());
  const colon = term.indexOf(':');
  const [operator, value] = colon > 0 && !term.startsWith('"') ? [term.slice(0, colon), term.slice(colon + 1)] : ['', term];
  if (term === 'is:reply') return Boolean(tweet.referenced_tweets?.some((ref) => ref.type === 'replied_to'));
  if (term === 'is:retweet') return Boolean(tweet.referenced_tweets?.some((ref) => ref.type === 'retweeted'));
  if (operator === 'from') return tweet.author_id !== undefined && tweet.author_id === user(value)?.id;
  if (operator === 'to') {
    const target = user(value);
    return Boolean(target && (tweet.in_reply_to_user_id === target.id || (tweet.entities?.mentions ?? []).some((m) => m.username.toLowerCase() === target.username.toLowerCase())));
  }
  if (operator === 'lang') return tweet.lang === value;
  if (operator === 'conversation_id') return tweet.conversation_id === value;
  if (term.startsWith('#')) return (tweet.entities?.hashtags ?? []).some((h) => h.tag.toLowerCase() === lower.slice(1)) || text.includes(lower);
  if (term.startsWith('@')) return (tweet.entities?.mentions ?? []).some((m) => m.username.toLowerCase() === lower.slice(1)) || text.includes(lower);
  if (term.startsWith('"')) return text.includes(lower.slice(1, -1));
  return text.includes(lower);
}

function evaluate(world: FakeXWorld, tweet: XTweet, node: Node): boolean {
  if (node.op === 'term') return termMatches(world, tweet, node.term);
  if (node.op === 'not') return !evaluate(world, tweet, node.node);
  if (node.op === 'and') return node.nodes.every((inner) => evaluate(world, tweet, inner));
  return node.nodes.some((inner) => evaluate(world, tweet, inner));
}

/** Whether X's recent search `query` finds `tweet` in `world`. */
export function searchMatches(world: FakeXWorld, tweet: XTweet, query: string): boolean {
  return evaluate(world, tweet, parse(tokenize(query)));
}
