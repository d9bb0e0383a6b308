import type { QuestionOrder } from '@app/validators';
import { deepFreeze } from '../core/deep-freeze';
import type { QuestionPage, TagWithCount } from '../domains/questions/shapes';
import type { ReadDependency } from './dependencies';
import type { Shelves, ShelfSpec } from './shelf';

/**
 * List pages, match totals and the tag list, kept because the list is read far more often than it
 * changes. Values are frozen: one page goes to many readers, none of whom may change it for the
 * others.
 */
export interface QuestionListReads {
  page(
    key: string,
    order: QuestionOrder,
    compute: () => Promise<QuestionPage>,
  ): Promise<QuestionPage>;
  total(key: string, compute: () => Promise<number>): Promise<number>;
  tags(compute: () => Promise<TagWithCount[]>): Promise<TagWithCount[]>;
}

const PAGES: ShelfSpec<QuestionPage> = { name: 'question list pages', entries: 1000 };
const TOTALS: ShelfSpec<number> = { name: 'question list totals', entries: 1000 };
const TAG_LIST: ShelfSpec<TagWithCount[]> = { name: 'tag list', entries: 1 };

const ON_TOTALS: ReadDependency = { kind: 'totals' };
const ON_TAGS: ReadDependency = { kind: 'tags' };

export function questionListReads(cache: Shelves): QuestionListReads {
  const pages = cache.shelf(PAGES);
  const totals = cache.shelf(TOTALS);
  const tagList = cache.shelf(TAG_LIST);
  return {
    page: async (key, order, compute) =>
      (
        await pages.load(key, async () => {
          const page = deepFreeze(await compute());
          const qids = new Set(page.items.map((item) => item.id));
          return { value: page, dependency: { kind: 'list', order, qids } };
        })
      ).value,
    total: async (key, compute) =>
      (await totals.load(key, async () => ({ value: await compute(), dependency: ON_TOTALS })))
        .value,
    tags: async (compute) =>
      (
        await tagList.load('', async () => ({
          value: deepFreeze(await compute()),
          dependency: ON_TAGS,
        }))
      ).value,
  };
}
