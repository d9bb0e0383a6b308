import { parseSearch, questionMessages, searchedFor, searchMessages } from '@app/validators';
import { Link } from 'react-router-dom';
import { ButtonLink, EmptyState } from '../../shared/components';
import type { ListView } from './questionCache';
import { AskQuestionButton } from './AskQuestionButton';

/** The one tag a search names and nothing else ('[react]'), or null. */
export function singleSearchTag(search: string | undefined): string | null {
  if (!search) return null;
  const { tags, words } = parseSearch(search);
  return tags.length === 1 && words.length === 0 ? (tags[0] ?? null) : null;
}

/** The h1 of a search: 'Search Results' (SPEC §2), then the query in a quieter type. */
export function SearchHeading({ search }: { search: string }) {
  return (
    <>
      Search Results <span className="page-header__query">{searchedFor(search)}</span>
    </>
  );
}

/**
 * Under the heading of a tag's list, the tag's description (the heading is its name); under a `[tag]`
 * search, the tag's name as a link to its own list, and its description.
 */
export function TagAbout({
  tag,
  linkToList,
}: {
  tag: { name: string; description: string };
  linkToList: boolean;
}) {
  return (
    <section className="tag-about" aria-label={searchMessages.tagAbout}>
      {linkToList && (
        <Link to={`/home?tag=${encodeURIComponent(tag.name)}`} className="tag-about__name">
          {tag.name}
        </Link>
      )}
      <p className="tag-about__description">{tag.description}</p>
    </section>
  );
}

/**
 * SPEC §2's 'No Questions Found', with what helps next: for a search, tips and a way back to every
 * question; for a tag, the way back; always Ask a Question.
 */
export function NoQuestions({ view, allHref }: { view: ListView; allHref: string }) {
  return (
    <EmptyState title={questionMessages.noQuestions}>
      {view.search && (
        <div className="search-tips">
          <h2 className="search-tips__title">{searchMessages.tipsTitle}</h2>
          <ul className="search-tips__list">
            {searchMessages.tips.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="empty-state__actions">
        {(view.search ?? view.tag) && (
          <ButtonLink to={allHref} variant="secondary">
            {view.search ? searchMessages.clearSearch : searchMessages.allQuestions}
          </ButtonLink>
        )}
        <AskQuestionButton />
      </div>
    </EmptyState>
  );
}
