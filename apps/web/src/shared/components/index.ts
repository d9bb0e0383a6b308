// The design-system components; features import them from here (or from the file).
export { Alert, type AlertProps, type AlertTone } from './Alert';
export { Avatar } from './Avatar';
export { Button, ButtonLink, buttonClass, type ButtonProps, type ButtonVariant } from './Button';
export { Card } from './Card';
export { Checkbox } from './Checkbox';
export { EmptyState } from './EmptyState';
export { LoadingState } from './LoadingState';
export { Modal } from './Modal';
export { PageHeader } from './PageHeader';
export { ReputationScore, ReputationsContext } from './Reputation';
export { CalendarDate, JoinedDate, RelativeTime } from './RelativeTime';
export { TextAreaField, TextField } from './TextField';
