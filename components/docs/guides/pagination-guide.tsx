import { CodeBlock } from '../code-block';
import { C, GuideSection } from '../guide-section';

/** count, cursor and next_cursor. */
export function PaginationGuide({ origin }: { origin: string }) {
  return (
    <GuideSection id="pagination" title="Pagination">
      <p>
        List operations take <C>count</C> (default 20, up to 1,000; up to 5,000 for follower ids) and <C>cursor</C>. Each page&apos;s <C>meta.next_cursor</C> is the cursor of the
        next one, and <C>meta.has_next_page</C> says whether there is one. Send the cursor back with the same other parameters: a cursor is signed and bound to them, so a changed
        query or a tampered cursor is a 400. <C>count</C> may change from page to page.
      </p>
      <CodeBlock
        label="Two pages of followers"
        code={`curl -sS '${origin}/v2/users/USERNAME/followers?count=100' -H "Authorization: Bearer $PERCH_API_KEY"\n# → "meta": { "next_cursor": "eyJ…", "has_next_page": true, … }\ncurl -sS '${origin}/v2/users/USERNAME/followers?count=100&cursor=eyJ…' -H "Authorization: Bearer $PERCH_API_KEY"`}
      />
      <p>Cursors are keyset positions: paging through a result yields every item exactly once and in order, even while new tweets and follows arrive.</p>
    </GuideSection>
  );
}
