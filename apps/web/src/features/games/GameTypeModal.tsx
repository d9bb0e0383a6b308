import { useNavigate } from 'react-router-dom';
import { Button, Modal } from '../../shared/components';

/** SPEC Games lobby: 'Select Game Type' with Nim, CollabCode and Cancel. */
export function GameTypeModal({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <Modal
      title="Select Game Type"
      onClose={onClose}
      actions={
        <>
          <Button onClick={() => void navigate('/games/create-nim-game')}>Nim</Button>
          <Button onClick={() => void navigate('/games/create-collab-code')}>CollabCode</Button>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
        </>
      }
    >
      <p>Which game would you like to create?</p>
    </Modal>
  );
}
