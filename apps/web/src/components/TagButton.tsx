import { useNavigate } from 'react-router-dom';

export interface TagButtonProps {
  name: string;
}

/** A tag on a question: a button that lists the tag's questions (/home?tag={name}). */
export function TagButton({ name }: TagButtonProps) {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="tag-button"
      onClick={(event) => {
        // The card around it opens the question; the tag must not.
        event.stopPropagation();
        void navigate(`/home?tag=${encodeURIComponent(name)}`);
      }}
    >
      {name}
    </button>
  );
}

/** The tags of a question, in the author's order. */
export function TagList({ tags }: { tags: readonly { id: number; name: string }[] }) {
  if (tags.length === 0) return null;
  return (
    <ul className="tag-list" aria-label="Tags">
      {tags.map((tag) => (
        <li key={tag.id}>
          <TagButton name={tag.name} />
        </li>
      ))}
    </ul>
  );
}
