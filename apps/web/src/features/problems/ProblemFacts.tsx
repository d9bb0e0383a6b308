import { Link } from 'react-router-dom';
import { CalendarDate } from '../../shared/components/RelativeTime';

/** 'Posted by alice · Posted on Jan 05, 2025' (SPEC §2), the author opening their profile. */
export function ProblemFacts({ postedBy, createdAt }: { postedBy: string; createdAt: Date }) {
  return (
    <p className="problem-facts">
      <span>
        Posted by{' '}
        <Link to={`/user/${encodeURIComponent(postedBy)}`} className="author">
          {postedBy}
        </Link>
      </span>
      <span>
        Posted on <CalendarDate date={createdAt} />
      </span>
    </p>
  );
}
