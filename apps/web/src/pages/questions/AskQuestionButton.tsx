import { useNavigate } from 'react-router-dom';
import { Button } from '../../components';

/** 'Ask a Question' (SPEC §2): opens the new question form. */
export function AskQuestionButton() {
  const navigate = useNavigate();
  return <Button onClick={() => void navigate('/new/question')}>Ask a Question</Button>;
}
