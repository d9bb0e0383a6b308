import {
  QUESTION_ORDERS,
  SEARCH_MAX,
  questionMessages,
  questionOrderLabels,
  searchResultsTitle,
} from '@app/validators';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, LoadingState, PageHeader, ReputationsContext } from '../../shared/components';
import { ListSearchBox } from '../../shared/components/ListSearchBox';
import { NextPageButton } from '../../shared/components/LoadMoreButton';
import { QuestionCard } from './QuestionCard';
import { useHandedOverMessage } from '../../shared/hooks/useHandedOverMessage';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { useLiveQuestions } from './live';
import { useNow } from '../../shared/hooks/useNow';
import { errorMessage } from '../../shared/lib/errors';
import { listTitle, listViewFromParams, type ListView } from './questionCache';
import { listItems } from '../../shared/lib/pagedList';
import { countLabel } from '../../shared/lib/countLabel';
import { trpc } from '../../trpc';
import { AskQuestionButton } from './AskQuestionButton';
import { useReputations } from '../users/reputations';
import { NoQuestions, SearchHeading, singleSearchTag, TagAbout } from './SearchSummary';

/** The /home URL of a list: order (left out when newest), search, tag. */
function listHref(view: ListView): string {
  const params = new URLSearchParams();
  if (view.search) params.set('search', view.search);
  if (view.tag) params.set('tag', view.tag);
  if (view.order !== 'newest') params.set('order', view.order);
  const query = params.toString();
  return query ? `/home?${query}` : '/home';
}

/**
 * Question list (/home, SPEC §2): title, count, search, the four orders, Ask a Question, question cards,
 * paged 20 at a time. ?search=, ?tag= and ?order= live in the URL so a reload keeps them; the list stays
 * current from live question events.
 */
export default function QuestionListPage() {
  const [params] = useSearchParams();
  const view = listViewFromParams(params);
  // The tag the list is about: ?tag=, or a search for one [tag] and nothing else.
  const aboutTag = view.tag ?? singleSearchTag(view.search);
  const tag = trpc.tag.byName.useQuery(
    { name: aboutTag ?? '' },
    { enabled: Boolean(aboutTag), retry: false, staleTime: 60_000 },
  );
  // SPEC §2's titles; a search's is followed by what was searched.
  const title = view.search
    ? searchResultsTitle(view.search)
    : listTitle(view, view.tag ? tag.data?.name : undefined);
  useDocumentTitle(title);
  useLiveQuestions();
  // A message handed over by a redirect (e.g. 'Question ID is missing.'), shown once.
  const notice = useHandedOverMessage('error');
  const navigate = useNavigate();

  const input = {
    order: view.order,
    ...(view.search ? { search: view.search } : {}),
    ...(view.tag ? { tag: view.tag } : {}),
  };
  const list = trpc.question.list.useInfiniteQuery(input, {
    getNextPageParam: (last) => last.nextCursor,
  });
  const items = listItems(list.data);
  const reputations = useReputations(items.map((question) => question.askedBy));
  const now = useNow(undefined, list.data);
  const total = list.data?.pages[0]?.total;

  return (
    <div className="page questions-page">
      <PageHeader
        title={view.search ? <SearchHeading search={view.search} /> : title}
        subtitle={total !== undefined ? countLabel(total, 'question') : null}
        actions={<AskQuestionButton />}
      />
      {aboutTag && tag.data && <TagAbout tag={tag.data} linkToList={!view.tag} />}
      {notice && <Alert>{notice}</Alert>}
      <div className="questions-toolbar">
        {/* Enter opens /home?search=… (keeping the order); a blank search shows all questions. */}
        <ListSearchBox
          key={view.search ?? ''}
          className="question-search"
          label="Search questions"
          placeholder="Search ..."
          maxLength={SEARCH_MAX}
          initial={view.search}
          onSearch={(search) =>
            void navigate(listHref({ order: view.order, ...(search ? { search } : {}) }))
          }
        />
        {/* Real links: the order lives in the URL, so each tab opens in a new tab too. */}
        <nav className="order-buttons" aria-label="Order">
          {QUESTION_ORDERS.map((order) => (
            <Link
              key={order}
              to={listHref({ ...view, order })}
              className="order-buttons__button"
              aria-current={view.order === order ? 'page' : undefined}
            >
              {questionOrderLabels[order]}
            </Link>
          ))}
        </nav>
      </div>
      {list.isPending ? (
        <LoadingState label="Loading questions..." />
      ) : !list.data ? (
        <Alert>{errorMessage(list.error, questionMessages.fetchFailed)}</Alert>
      ) : items.length === 0 ? (
        <NoQuestions view={view} allHref={listHref({ order: view.order })} />
      ) : (
        <>
          <ReputationsContext value={reputations}>
            <ul className="question-list" aria-label="Questions">
              {items.map((question) => (
                <li key={question.id}>
                  <QuestionCard
                    question={question}
                    now={now}
                    showLastActivity={view.order === 'active'}
                  />
                </li>
              ))}
            </ul>
          </ReputationsContext>
          <NextPageButton list={list} />
          {list.isError && <Alert>{errorMessage(list.error, questionMessages.fetchFailed)}</Alert>}
        </>
      )}
    </div>
  );
}
