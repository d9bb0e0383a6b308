// Each player's cursor colour in the shared editor: the same for a name on every screen, from the
// palette the server also stamps on cursors (packages/validators).
export { presenceColor as userColor } from '@app/validators';
