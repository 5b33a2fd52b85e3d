import { postFields } from './fields';
import { isXId } from './trusted';
import type { XUpstream } from './upstream';
import type { XAnswer, XIncludes, XPost } from './x-types';

// A quoted or retweeted post is part of Perch's Tweet record, with its author. X's description
// has the `referenced_posts` expansion but no longer an expansion for those posts' authors, so
// a referenced post whose author is not among the includes is looked up again, with the author
// expanded: one batch call for a whole page. If that call fails the page is still answered,
// the embedded posts null ("X did not give it"), never guessed.

const BATCH = 100;

function embeddedIds(posts: readonly XPost[]): string[] {
  const ids = posts.flatMap((post) => (post.referencedPosts ?? []).filter((reference) => reference.type !== 'replied_to').map((reference) => reference.id));
  return [...new Set(ids.filter(isXId))];
}

/** The answer's includes with every quoted and retweeted post of `posts` and its author, where X has them. */
export async function withReferencedAuthors(upstream: XUpstream, posts: readonly XPost[], includes: XIncludes | undefined): Promise<XIncludes> {
  const known = new Map([...posts, ...(includes?.posts ?? [])].map((post) => [post.id, post]));
  const authors = new Set((includes?.users ?? []).map((user) => user.id));
  const missing = embeddedIds(posts).filter((id) => {
    const post = known.get(id);
    return !post || !post.authorId || !authors.has(post.authorId);
  });
  if (missing.length === 0) return includes ?? {};
  const ids = missing.slice(0, BATCH).sort();
  let answer: XAnswer<XPost[]>;
  try {
    answer = await upstream.read('posts.getByIds', [ids], null, (x) => x.posts.getByIds(ids, postFields()));
  } catch {
    return includes ?? {};
  }
  return {
    ...includes,
    posts: [...(includes?.posts ?? []), ...(answer.data ?? [])],
    users: [...(includes?.users ?? []), ...(answer.includes?.users ?? [])],
    media: [...(includes?.media ?? []), ...(answer.includes?.media ?? [])],
  };
}
