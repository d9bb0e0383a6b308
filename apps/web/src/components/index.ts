// The design-system components; import from '../components' (or the file) in pages.
export { Alert, type AlertProps, type AlertTone } from './Alert';
export { Avatar } from './Avatar';
export { Button, ButtonLink, buttonClass, type ButtonProps, type ButtonVariant } from './Button';
export { Card } from './Card';
export { Checkbox } from './Checkbox';
export { ComingSoon } from './ComingSoon';
export { EmptyState } from './EmptyState';
export { LoadingState } from './LoadingState';
export { Modal } from './Modal';
export { PageHeader } from './PageHeader';
export { CalendarDate, JoinedDate, RelativeTime } from './RelativeTime';
export { TextAreaField, TextField } from './TextField';
