import { ComingSoon } from '../../components';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';

/** /new/question: new question form (SPEC §2) — placeholder until the questions screens are built. */
export default function NewQuestionPage() {
  useDocumentTitle('Ask a Question');
  return (
    <ComingSoon
      title="Ask a Question"
      description="Post a new question with a title, details and tags."
    />
  );
}
