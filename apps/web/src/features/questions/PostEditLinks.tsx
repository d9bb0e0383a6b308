import { editMessages } from '@app/validators';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { RelativeTime } from '../../shared/components/RelativeTime';

export interface PostEditLinksProps {
  /** The post's edit form; the link shows only to its author. */
  editPath: string;
  /** The post's revision history. */
  revisionsPath: string;
  /** 'Edit question' or 'Edit answer', for screen readers. */
  editLabel: string;
  mayEdit: boolean;
  editedAt: Date | null;
  now: number;
  /** More actions on the post (Delete, Undelete), after Edit. */
  children?: ReactNode;
}

/** Under a post: Edit (for its author) and, once edited, 'edited 3 minutes ago' opening its revisions. */
export function PostEditLinks({
  editPath,
  revisionsPath,
  editLabel,
  mayEdit,
  editedAt,
  now,
  children,
}: PostEditLinksProps) {
  if (!mayEdit && !editedAt && !children) return null;
  return (
    <div className="post__actions">
      {mayEdit && (
        <Link to={editPath} aria-label={editLabel}>
          {editMessages.edit}
        </Link>
      )}
      {children}
      {editedAt && (
        <Link to={revisionsPath} title={editMessages.revisions}>
          edited <RelativeTime date={editedAt} now={now} />
        </Link>
      )}
    </div>
  );
}
