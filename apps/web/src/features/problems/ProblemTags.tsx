import type { ProblemDifficulty } from '@app/validators';
import { Link } from 'react-router-dom';
import { problemListHref } from './problemList';
import { difficultyText } from './workspace';

/** A problem's difficulty and topics (issue 24); each topic opens the list filtered by it. */
export function ProblemTags({
  difficulty,
  topics,
}: {
  difficulty: ProblemDifficulty;
  topics: readonly string[];
}) {
  return (
    <span className="problem-tags">
      <span className={`difficulty difficulty--${difficulty}`}>{difficultyText(difficulty)}</span>
      {topics.map((topic) => (
        <Link
          key={topic}
          to={problemListHref({ sort: null, direction: 'desc', topic })}
          className="topic-tag"
        >
          {topic}
        </Link>
      ))}
    </span>
  );
}
