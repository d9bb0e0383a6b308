/**
 * What a cached read was read from, so that exactly the events that can change it drop it (the
 * domains' invalidation tables say which):
 * - 'question': one question's page or JSON;
 * - 'list': one page of a list, by its order and the questions on it;
 * - 'totals': how many questions match a filter;
 * - 'tags': the tag list with its counts;
 * - 'wholeList': the original client's whole list, every question in one body.
 */
export type ReadDependency =
  | { kind: 'question'; qid: number }
  | { kind: 'list'; order: string; qids: ReadonlySet<number> }
  | { kind: 'totals' }
  | { kind: 'tags' }
  | { kind: 'wholeList' };
