import { ComingSoon } from '../../components';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';

/** /new/answer/:qid: new answer form (SPEC §2) — placeholder until the questions screens are built. */
export default function NewAnswerPage() {
  useDocumentTitle('Answer Question');
  return <ComingSoon title="Answer Question" description="Write an answer to a question." />;
}
