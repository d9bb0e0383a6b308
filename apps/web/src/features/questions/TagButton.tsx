import { Link } from 'react-router-dom';

/** The list of a tag's questions (SPEC §2: /home?tag={name}). */
export const tagHref = (name: string) => `/home?tag=${encodeURIComponent(name)}`;

/**
 * A tag on a question: a real link to the tag's questions, so middle-click, open in a new tab and the
 * link preview work. It sits above a card's stretched title link, so it opens the tag, not the question.
 */
export function TagLink({ name }: { name: string }) {
  return (
    <Link to={tagHref(name)} className="tag-button" rel="tag">
      {name}
    </Link>
  );
}

/** The tags of a question, in the author's order. */
export function TagList({ tags }: { tags: readonly { id: number; name: string }[] }) {
  if (tags.length === 0) return null;
  return (
    <ul className="tag-list" aria-label="Tags">
      {tags.map((tag) => (
        <li key={tag.id}>
          <TagLink name={tag.name} />
        </li>
      ))}
    </ul>
  );
}
