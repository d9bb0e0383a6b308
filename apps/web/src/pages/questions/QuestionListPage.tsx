import { ComingSoon } from '../../components';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';

/** /home: the question list (SPEC §2) — placeholder until the questions screens are built. */
export default function QuestionListPage() {
  useDocumentTitle('All Questions');
  return (
    <ComingSoon
      title="All Questions"
      description="Browse, search and sort the questions of the community."
    />
  );
}
