import { ComingSoon } from '../../components';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';

/** /question/:qid: question detail (SPEC §2) — placeholder until the questions screens are built. */
export default function QuestionPage() {
  useDocumentTitle('Question');
  return (
    <ComingSoon title="Question" description="The question with its answers, comments and votes." />
  );
}
