import { ComingSoon } from '../../components';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';

/** /tags: the tag list (SPEC §2) — placeholder until the questions screens are built. */
export default function TagsPage() {
  useDocumentTitle('All Tags');
  return <ComingSoon title="All Tags" description="Every tag with its number of questions." />;
}
